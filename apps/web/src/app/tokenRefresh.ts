/**
 * Token refresh (spec 01 §4): every `intervalMs` check the age of the stored token; when it reaches
 * `tokenTime` (ms), call the refresh grant. Never two refreshes at once; a failed refresh logs out.
 */
export interface RefresherDeps {
  intervalMs: number
  now: () => number
  /** '' when signed out: nothing to refresh */
  getToken: () => string
  getStoredAt: () => number
  getTokenTime: () => number
  /** calls the refresh grant and stores the new (rotated) pair */
  refresh: () => Promise<void>
  onFailure: (error: unknown) => void
}

export function createTokenRefresher(deps: RefresherDeps) {
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | undefined

  function check(): Promise<void> | null {
    if (running) return running
    if (!deps.getToken()) return null
    if (deps.now() - deps.getStoredAt() < deps.getTokenTime()) return null
    running = deps
      .refresh()
      .catch((error: unknown) => deps.onFailure(error))
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    check,
    start() {
      if (timer === undefined) timer = setInterval(check, deps.intervalMs)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
    get refreshing() {
      return running !== null
    },
  }
}
