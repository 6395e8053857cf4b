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

// React's work still queued at the end of a file (a render, the passive effects of the last commit) must
// run while the file's jsdom exists: otherwise "window is not defined" arrives after teardown and fails
// the whole run. A fixed 100 ms wait was not enough once on a loaded CI machine. An idle-priority task on
// React's own scheduler runs after every task queued before it (and after those they queue), so drain
// it, give late timers 100 ms, and drain again.
const drainReactScheduler = () =>
  new Promise<void>((resolve) => {
    unstable_scheduleCallback(unstable_IdlePriority, () => resolve())
  })
afterAll(async () => {
  await drainReactScheduler()
  await new Promise<void>((resolve) => setTimeout(resolve, 100))
  await drainReactScheduler()
})
