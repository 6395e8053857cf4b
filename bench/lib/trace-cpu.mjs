// Main-thread CPU time of a page between two points, read from a Chromium trace. Wall-clock figures
// on a loaded 2-core machine grow with everyone else's work; the renderer thread's own CPU time
// (the trace's `tdur`) grows much less, so it compares builds measured at different loads.

/** Trace categories that carry the main thread's tasks with their CPU time, and user-timing marks. */
export const CPU_TRACE_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'devtools.timeline',
  'blink.user_timing',
]

/**
 * From the renderer's receipt of the last response whose URL contains `urlPart` (the trace's
 * ResourceFinish, on the page's main thread) to each of the given `performance.mark` names: the
 * main thread's CPU milliseconds (tasks cut at the ends pro rata) and the wall milliseconds.
 * The receipt comes after the network's response end (Resource Timing) when the main thread is busy:
 * the difference is time the response waited for the page. Null when the trace lacks the request or
 * a mark.
 */
export function sinceResponseReceipt(traceBuffer, urlPart, markNames) {
  const events = JSON.parse(traceBuffer.toString()).traceEvents
  const sent = events
    .filter((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').includes(urlPart))
    .at(-1)
  const finished =
    sent &&
    events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === sent.args.data.requestId)
  const marks = markNames.map((name) =>
    events.find((e) => e.name === name && (e.cat ?? '').includes('blink.user_timing')),
  )
  if (!finished || marks.some((m) => !m)) return null
  const { pid, tid } = marks[0]
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask')
  const cpuUntil = (end) =>
    tasks.reduce((sum, e) => {
      const from = Math.max(e.ts, finished.ts)
      const to = Math.min(e.ts + e.dur, end)
      return to > from ? sum + (e.tdur ?? e.dur) * ((to - from) / (e.dur || 1)) : sum
    }, 0) / 1000
  return {
    cpu: Object.fromEntries(markNames.map((name, i) => [name, cpuUntil(marks[i].ts)])),
    wall: Object.fromEntries(markNames.map((name, i) => [name, (marks[i].ts - finished.ts) / 1000])),
  }
}
