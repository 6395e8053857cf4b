import { randomUUID } from 'node:crypto'
import mqtt from 'mqtt'
import { deviceKey } from '../../apps/server/src/core/devices/credentials'

/**
 * A park machine as the end-to-end tests play it: what a physical device does, spoken on the server's
 * embedded MQTT broker as docs/device-protocol.md says — signed in as `<tenant>/<code>` with its device
 * key (an HMAC under the server's secret, which the run chose: playwright.config.ts), publishing on
 * its own topics only. The console is driven by clicks; only a device's own acts come from here.
 */
export interface DeviceEvent {
  type: string
  [field: string]: unknown
}

const brokerUrl = () => {
  const port = process.env.XPARK_E2E_MQTT_PORT
  if (!port) throw new Error('XPARK_E2E_MQTT_PORT is not set (playwright.config.ts picks it)')
  return `mqtt://127.0.0.1:${port}`
}

/** Connects as machine `code` of `tenantId` (its device key), runs `act`, and disconnects. */
async function asMachine<T>(tenantId: string, code: string, act: (client: mqtt.MqttClient) => Promise<T>) {
  const secret = process.env.XPARK_E2E_SECRET
  if (!secret) throw new Error('XPARK_E2E_SECRET is not set (playwright.config.ts picks it)')
  const client = await mqtt.connectAsync(brokerUrl(), {
    clientId: `e2e-${tenantId}-${code}-${randomUUID().slice(0, 6)}`,
    username: `${tenantId}/${code}`,
    password: deviceKey(secret, tenantId, code),
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  })
  try {
    return await act(client)
  } finally {
    await client.endAsync()
  }
}

/**
 * Raise one event as machine `code` of `tenantId` (QoS 1: the broker has it when this resolves); answers
 * its id. `at` is the moment the machine says it happened (default now): a camera that saw a car
 * enter two hours ago, a clock's punches of last month read out late.
 */
export async function raiseEvent(
  tenantId: string,
  code: string,
  event: DeviceEvent,
  at: Date = new Date(),
): Promise<string> {
  return asMachine(tenantId, code, async (client) => {
    const id = randomUUID()
    await client.publishAsync(
      `xpark/${tenantId}/${code}/event`,
      JSON.stringify({ ...event, id, at: at.toISOString() }),
      { qos: 1 },
    )
    return id
  })
}

/**
 * Report readings as machine `code` of `tenantId` (`{ humidity: 96 }`), as a sensor does on its
 * `telemetry` topic (QoS 1; readings carry no id: each one counts).
 */
export async function sendTelemetry(
  tenantId: string,
  code: string,
  readings: Record<string, number>,
): Promise<void> {
  await asMachine(tenantId, code, async (client) => {
    await client.publishAsync(`xpark/${tenantId}/${code}/telemetry`, JSON.stringify(readings), { qos: 1 })
  })
}
