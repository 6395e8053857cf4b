import { test as base, expect } from '@playwright/test'

/**
 * `test` with one automatic check: the page threw no uncaught error while the test ran (the console's
 * error collector would swallow it into the error log, out of a person's sight).
 */
export const test = base.extend<{ noPageErrors: undefined }>({
  noPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message))
      await use(undefined)
      expect(errors, 'uncaught errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
