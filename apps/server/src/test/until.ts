/** Wait until a condition holds (a machine online, an event handled), polling; throws after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  everyMs = 25,
): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
