// A CDP CPU profile (Profiler.stop) summarised for the console: where a page spent its time.

/** Self and inclusive time per function of a CDP CPU profile, top 25 of each (XPARK_BENCH_PROFILE_RENDER). */
export function printProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (n) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').at(-1)}:${n.callFrame.lineNumber}`
  const self = new Map()
  const inclusive = new Map()
  let total = 0
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    total += dt
    self.set(name(byId.get(id)), (self.get(name(byId.get(id))) ?? 0) + dt)
    const seen = new Set()
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const key = name(byId.get(cur))
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + dt)
      seen.add(key)
    }
  })
  const top = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `     ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n')
  console.log(
    `   profile: ${(total / 1000).toFixed(1)} ms sampled\n   self:\n${top(self)}\n   inclusive:\n${top(inclusive)}`,
  )
}
