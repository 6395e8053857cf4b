import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Who may speak on the device topics. A machine signs in as `<tenant>/<code>` with its device key, an
 * HMAC of that name under the server's secret: the server can tell it to an installer (the machine
 * screen shows it) and check it without storing it. The nodes sign in as `xpark-node` with a key of
 * their own. The embedded broker checks both (broker.ts); on mosquitto the same names fit one ACL
 * pattern (`pattern write xpark/%u/status`, docs/device-protocol.md).
 */
export const NODE_USERNAME = 'xpark-node'

const keyOf = (secret: string, name: string) =>
  createHmac('sha256', secret).update(`xpark-device:${name}`).digest('base64url').slice(0, 32)

export const deviceUsername = (tenantId: string, machine: string) => `${tenantId}/${machine}`

export const deviceKey = (secret: string, tenantId: string, machine: string) =>
  keyOf(secret, deviceUsername(tenantId, machine))

export const nodeKey = (secret: string) => keyOf(secret, NODE_USERNAME)

/** The username's key is this password (compared in constant time). */
export function keyMatches(secret: string, username: string, password: string): boolean {
  const expected = Buffer.from(keyOf(secret, username))
  const given = Buffer.from(password)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
