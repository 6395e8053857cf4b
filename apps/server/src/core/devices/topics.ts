/**
 * The device topics (docs/device-protocol.md): `xpark/<tenant>/<machine>/<kind>`, the machine named by
 * its code (unique per tenant; the contract keeps codes to letters, digits, `_` and `-`, so a code is
 * one topic level). A command's acknowledgement comes back under the machine's `ack` level, on the
 * sending node's own sub-level (`…/ack/<node>`): every node hears only the acks of its own commands.
 */
export const TOPIC_ROOT = 'xpark'

export const DEVICE_KINDS = ['status', 'telemetry', 'event', 'cmd', 'ack', 'config'] as const
export type DeviceTopicKind = (typeof DEVICE_KINDS)[number]

/** A machine code as a topic level may carry: what the machine contract accepts. */
export const MACHINE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export function deviceTopic(tenantId: string, machine: string, kind: DeviceTopicKind): string {
  return `${TOPIC_ROOT}/${tenantId}/${machine}/${kind}`
}

/** The topic a node's acks arrive on for one machine. */
export const ackTopic = (tenantId: string, machine: string, node: string) =>
  `${deviceTopic(tenantId, machine, 'ack')}/${node}`

/** Every machine's topic of one kind (a subscription filter). */
export const everyMachine = (kind: DeviceTopicKind) => `${TOPIC_ROOT}/+/+/${kind}`

export interface DeviceTopic {
  tenantId: string
  machine: string
  kind: DeviceTopicKind
  /** levels below the kind (the node of an ack) */
  rest: string[]
}

export function parseDeviceTopic(topic: string): DeviceTopic | null {
  const [root, tenantId, machine, kind, ...rest] = topic.split('/')
  if (root !== TOPIC_ROOT || !tenantId || !machine || !kind) return null
  if (!(DEVICE_KINDS as readonly string[]).includes(kind)) return null
  return { tenantId, machine, kind: kind as DeviceTopicKind, rest }
}
