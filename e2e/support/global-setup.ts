import type { FullConfig } from '@playwright/test'
import { startServer } from './server'

/** One server and one database for the whole run; the returned function is the teardown. */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const port = Number(process.env.XPARK_E2E_PORT)
  if (!port) throw new Error('XPARK_E2E_PORT is not set (playwright.config.ts picks it)')
  const mqttPort = process.env.XPARK_E2E_MQTT_PORT
  const secret = process.env.XPARK_E2E_SECRET
  if (!mqttPort || !secret)
    throw new Error('XPARK_E2E_MQTT_PORT and XPARK_E2E_SECRET are set by playwright.config.ts')
  // the broker on a known port and a known secret: support/devices.ts connects as a machine
  return startServer(port, { XPARK_MQTT_PORT: mqttPort, XPARK_JWT_SECRET: secret })
}
