import type { FullConfig } from '@playwright/test'
import { startServer } from './server'

/** One server and one database for the whole run; the returned function is the teardown. */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const port = Number(process.env.XPARK_E2E_PORT)
  if (!port) throw new Error('XPARK_E2E_PORT is not set (playwright.config.ts picks it)')
  return startServer(port)
}
