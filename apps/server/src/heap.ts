import v8 from 'node:v8'

/**
 * The server's heap growth, a product decision (issue 32). After each full collection V8 lets the
 * old space grow to a multiple of what survived before collecting again: up to 4x on a machine with
 * memory to spare. A server that keeps ~95 MB alive then lets short-lived garbage that slipped into
 * the old space (a 1,000,000-row export promotes about 12 MB a second) pile up to ~360 MB before the
 * next collection: 500 MB of RSS for a stream that holds one batch. A factor of 1.5 keeps the peak
 * near 260 MB at the same speed (bench section 15); full collections come more often, each as short.
 */
const FLAG = '--heap-growing-percent'

/** Sets V8's heap growing factor unless the operator chose one on the command line or NODE_OPTIONS. */
export function applyHeapGrowth(percent: number): void {
  if (percent <= 0) return
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some(
    (arg) => arg.includes(FLAG) || arg.includes('--heap_growing_percent'),
  )
  // V8 reads this flag at every full collection, so setting it at start-up takes effect from the first
  if (!given) v8.setFlagsFromString(`${FLAG}=${percent}`)
}
