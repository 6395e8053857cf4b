import { z } from 'zod'
import { defineCommands } from '../../commands.js'
import { reference, wire } from '../../fields.js'
import { MACHINE_TYPE } from './machines.js'

/**
 * What machines are told (docs/modules/device.md, "Commands"): the controls of dict
 * `machine_control_type` (spec 02 §7, seeded with the system dictionaries; the API names a control
 * by its key, the machine is sent its wire name) and the grants the device layer issues itself.
 */

export const CONTROL_PERMISSION = 'machine_control'
/** Controlling a type that opens a way in (door, face terminal, barrier). */
export const DOOR_CONTROL_PERMISSION = 'machine_control_door'

const T = MACHINE_TYPE

/**
 * The machine controls: each once, with the types that carry it out (any other: `该设备不支持此操作`)
 * and what it is sent as; doors, face terminals and barriers need `machine_control_door`.
 */
export const machineCommands = defineCommands({
  permission: {
    byType: {
      [T.door]: DOOR_CONTROL_PERMISSION,
      [T.face]: DOOR_CONTROL_PERMISSION,
      [T.barrier]: DOOR_CONTROL_PERMISSION,
    },
    default: CONTROL_PERMISSION,
  },
  controls: {
    on: { key: '1', wire: 'on', types: [T.display, T.light, T.aircon] },
    off: { key: '2', wire: 'off', types: [T.display, T.light, T.aircon] },
    open: { key: '4', wire: 'open', types: [T.door, T.face, T.barrier] },
    close: { key: '5', wire: 'close', types: [T.door, T.barrier] },
    holdOpen: { key: '6', wire: 'holdOpen', types: [T.door, T.barrier] },
    holdClosed: { key: '7', wire: 'holdClosed', types: [T.door] },
    // last: a type's controls are listed in declaration order, and a restart comes after the rest
    reboot: {
      key: '3',
      wire: 'reboot',
      types: [T.door, T.camera, T.face, T.display, T.sensor, T.clock],
    },
  },
})

/** A control's dictionary key. */
export type Control = (typeof machineCommands.keys)[number]
/** The keys, in order (`z.enum`), and by name (`CONTROL.open === '4'`): the scenes and tests name them so. */
export const CONTROLS = machineCommands.keys
export const CONTROL = machineCommands.key

/** Types a person's face or card is granted on (设备授权). */
export const GRANT_TYPES: readonly number[] = [T.door, T.face, T.clock]

/**
 * Grants (设备授权), sent by the device layer itself (no person: the grant's own permission was
 * checked when it was saved): not dictionary controls, their key is their wire name.
 */
export const grantCommands = defineCommands({
  permission: 'machine_grant_add',
  controls: {
    grant: { key: 'grant', types: GRANT_TYPES },
    revoke: { key: 'revoke', types: GRANT_TYPES },
  },
})

/** A control as `queryMachineControl` answers it: the dictionary's key and label. */
export const ControlRow = z.object({ dictKey: wire.text, dictValue: wire.text })

export const ControlForm = z.object({
  machineId: reference('请选择设备'),
  control: z.enum(CONTROLS, { error: '该设备不支持此操作' }),
  params: z.record(z.string(), z.union([z.string().max(255), z.number(), z.boolean()])).optional(),
})

/** How a sent command ended (it is logged either way). */
export const CommandOutcomeReply = z.object({
  id: wire.id,
  result: wire.number,
  resultName: wire.text,
  reason: wire.text,
  elapsedMs: wire.number,
})
