import { randomBytes } from 'node:crypto'
import { defineConfig } from '@playwright/test'
import { freePort } from './support/server'

// The config is loaded by the runner and again by each worker: the port chosen first travels in the
// environment, so every process agrees on it. So do the embedded MQTT broker's port and the server's
// secret: a test speaks to the broker as a park machine, with the device key the secret gives
// (support/devices.ts).
process.env.XPARK_E2E_PORT ??= String(await freePort())
process.env.XPARK_E2E_MQTT_PORT ??= String(await freePort())
process.env.XPARK_E2E_SECRET ??= randomBytes(32).toString('base64url')
const baseURL = `http://127.0.0.1:${process.env.XPARK_E2E_PORT}`

export default defineConfig({
  testDir: './tests',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  // one server, one database: tests sign in on their own but run one after another
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // generous for a 2-core machine
  timeout: 60_000,
  globalTimeout: 25 * 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    headless: true,
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
