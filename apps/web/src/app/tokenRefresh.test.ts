import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTokenRefresher, type RefresherDeps } from './tokenRefresh'

describe('token refresh', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => vi.useRealTimers())

  function setup(over: Partial<RefresherDeps> = {}) {
    let storedAt = Date.now()
    const refresh = vi.fn(async () => {
      storedAt = Date.now()
    })
    const onFailure = vi.fn()
    const refresher = createTokenRefresher({
      intervalMs: 60_000,
      now: () => Date.now(),
      getToken: () => 'tok',
      getStoredAt: () => storedAt,
      getTokenTime: () => 300_000,
      refresh,
      onFailure,
      ...over,
    })
    return { refresher, refresh, onFailure }
  }

  it('checks every 60 s and refreshes once the token age reaches tokenTime (300000 ms)', async () => {
    const { refresher, refresh } = setup()
    refresher.start()
    await vi.advanceTimersByTimeAsync(240_000)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    // the new token is young again: no refresh for another tokenTime
    await vi.advanceTimersByTimeAsync(240_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(refresh).toHaveBeenCalledTimes(2)
    refresher.stop()
  })

  it('never runs two refreshes at once', async () => {
    let finish: () => void = () => {}
    const refresh = vi.fn(() => new Promise<void>((r) => (finish = r)))
    const { refresher } = setup({ refresh, getStoredAt: () => 0 })
    refresher.check()
    refresher.check()
    refresher.check()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresher.refreshing).toBe(true)
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(refresher.refreshing).toBe(false)
  })

  it('does nothing without a token', () => {
    const { refresher, refresh } = setup({ getToken: () => '', getStoredAt: () => 0 })
    refresher.check()
    expect(refresh).not.toHaveBeenCalled()
  })

  it('logs out when the refresh fails', async () => {
    const error = new Error('invalid refresh token')
    const { refresher, onFailure } = setup({ refresh: () => Promise.reject(error), getStoredAt: () => 0 })
    await refresher.check()
    expect(onFailure).toHaveBeenCalledWith(error)
  })
})
