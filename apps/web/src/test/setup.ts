// jsdom lacks the layout APIs antd asks for: stub them so components render in tests.
import { cleanup, configure } from '@testing-library/react'
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler'
import { afterAll, afterEach, vi } from 'vitest'
import '../i18n'
// as in the console: CrudPage columns declared with `dict` show the dictionary's labels
import '../app/dictRenderer'

// the first render of a lazy screen transforms its chunk on the fly: allow well over the default 1 s (CI has 2 busy cores)
configure({ asyncUtilTimeout: 15_000 })

// NProgress finishes its bar on timers that can fire after a test file's jsdom is gone
// ("document is not defined"): the bar is not what component tests look at
vi.mock('@/api/progress', () => ({ progress: { start() {}, done() {} } }))

// A screen rendered without the shell shows the HTTP client's errors through antd's static `message`,
// which lives in a React root of its own that `cleanup()` does not unmount: its toast closes 3 s later,
// after a short file's jsdom is gone ("window is not defined" from React's scheduler, failing the run).
// Keep the real module, note that it was loaded, and close its toasts before the file ends.
const staticMessages = vi.hoisted(() => ({ loaded: null as null | { closeStaticMessages(): void } }))
vi.mock('@/api/staticMessage', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/api/staticMessage')>()
  staticMessages.loaded = real
  return real
})

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub

// antd measures scrollbars through getComputedStyle with pseudo elements, which jsdom does not implement
const realGetComputedStyle = window.getComputedStyle
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt)

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// React's work still queued at the end of a file must run while the file's jsdom exists: otherwise
// "window is not defined" arrives from React's scheduler after teardown and fails the whole run. Draining
// the scheduler alone was not enough (ProductPage, RoleGrantDialog, ImportDialog failed CI in turn): a
// timer set by antd (a toast's 3 s close, a motion's end) fires later still, in Node's own setTimeout,
// which outlives jsdom, and queues new React work. So note every timer a file sets, and at the end of
// the file drain React's queue, then clear the timers still pending, then drain what that left.
type TimerId = ReturnType<typeof setTimeout>
const timers = vi.hoisted(() => {
  const realSymbol = Symbol.for('xpark.test.realTimers')
  const holder = globalThis as unknown as Record<
    symbol,
    { setTimeout: typeof setTimeout; setInterval: typeof setInterval } | undefined
  >
  // a worker runs many files: wrap the real functions once, not a wrapper of the last file's wrapper
  holder[realSymbol] ??= { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval }
  const real = holder[realSymbol]
  const pending = new Set<ReturnType<typeof setTimeout>>()
  const tracked = <F extends typeof setTimeout | typeof setInterval>(set: F, once: boolean): F =>
    ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const id: ReturnType<typeof setTimeout> = set(
        (...a: unknown[]) => {
          if (once) pending.delete(id)
          handler(...a)
        },
        ms,
        ...args,
      )
      pending.add(id)
      return id
    }) as F
  globalThis.setTimeout = tracked(real.setTimeout, true)
  globalThis.setInterval = tracked(real.setInterval, false)
  return { real, pending }
})

const drainReactScheduler = () =>
  new Promise<void>((resolve) => {
    // an idle-priority task on React's own scheduler runs after every task queued before it
    unstable_scheduleCallback(unstable_IdlePriority, () => resolve())
  })
const pause = (ms: number) => new Promise<void>((resolve) => timers.real.setTimeout(resolve, ms))
const clearPendingTimers = () => {
  for (const id of timers.pending as Set<TimerId>) {
    clearTimeout(id)
    clearInterval(id)
  }
  timers.pending.clear()
}

afterAll(async () => {
  staticMessages.loaded?.closeStaticMessages()
  await drainReactScheduler()
  await pause(50)
  for (let round = 0; round < 3; round++) {
    clearPendingTimers()
    await drainReactScheduler()
  }
  clearPendingTimers()
})
