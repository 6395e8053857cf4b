import { test as base, expect } from '@playwright/test'

/**
 * `test` with two automatic checks: the page threw no uncaught error while the test ran (the
 * console's error collector would swallow it into the error log, out of a person's sight), and the
 * browser reported no Content-Security-Policy violation (the console must work under its policy,
 * core/http/csp.ts on the server).
 */
export const test = base.extend<{ noPageErrors: undefined }>({
  noPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const violations: string[] = []
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message))
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text())
      })
      // the DOM event too (a refused resource is not always logged to the console)
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`)
        })
      })
      await use(undefined)
      expect(errors, 'uncaught errors in the page').toEqual([])
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
