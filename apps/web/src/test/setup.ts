// jsdom lacks the layout APIs antd asks for: stub them so components render in tests.
import { cleanup, configure } from '@testing-library/react'
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

// React schedules passive effects of the last commit on a macrotask; let it run while the file's jsdom
// still exists (otherwise "window is not defined" arrives after teardown and fails the whole run)
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 100)))
