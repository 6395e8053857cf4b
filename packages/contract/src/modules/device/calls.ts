import { z } from 'zod'
import { defineCall } from '../../calls.js'
import { idList, optionalReference, reference, wire } from '../../fields.js'
import { doneReply } from '../../replies.js'
import { CommandOutcomeReply, ControlForm, ControlRow, machineCommands } from './commands.js'
import { MachineIdQuery, MachineRow, machineContract } from './machines.js'

/** The machines' hand routes: controls, sync, clock cards, warehouses' machines, counts, the dashboard. */
const view = machineContract.permissions.view
const edit = machineContract.permissions.edit

export const machineControlsCall = defineCall({
  path: 'park-manage/machine/queryMachineControl',
  method: 'GET',
  permission: view,
  params: MachineIdQuery,
  reply: z.array(ControlRow),
  summary: "the controls a machine's type carries out (dict machine_control_type)",
  tag: 'device',
})

export const controlMachineCall = defineCall({
  path: 'park-manage/machine/controlMachine',
  method: 'POST',
  // any of the declared controls' permissions; the one this machine's type needs is checked in the handler
  permission: machineCommands.permissions,
  params: ControlForm,
  reply: CommandOutcomeReply,
  summary: 'send a control and wait for the ack (10 s): 成功, 失败 or 超时, logged',
  tag: 'device',
})

export const syncMachinesCall = defineCall({
  path: 'park-manage/machine/syncMachineList',
  method: 'POST',
  permission: edit,
  reply: z.object({ total: wire.number, online: wire.number, configured: wire.number }),
  summary: 'send every machine its config again and answer how many are online',
  tag: 'device',
})

export const clockCardCall = defineCall({
  path: 'park-manage/machine/alterMachineToClockCard',
  method: 'POST',
  permission: edit,
  params: z.object({
    machineId: reference('请选择设备'),
    clockCard: z.coerce.number().int().min(0, 'clockCard must be 0 or 1').max(1, 'clockCard must be 0 or 1'),
  }),
  reply: doneReply,
  summary: 'make a machine an attendance clock (1) or not (0)',
  tag: 'device',
})

export const warehouseMachinesCall = defineCall({
  path: 'park-manage/machine/WarehouseEquipment',
  method: 'GET',
  permission: view,
  params: z.object({
    warehouseId: optionalReference('请选择仓库'),
  }),
  reply: z.array(MachineRow),
  summary: 'the machines standing in warehouses (or in one)',
  tag: 'device',
})

export const addWarehouseMachineCall = defineCall({
  path: 'park-storage/parkMachine/addEquipment',
  method: 'POST',
  permission: edit,
  params: z.object({
    warehouseId: reference('请选择仓库'),
    machineIds: idList('请选择设备'),
  }),
  reply: doneReply,
  summary: 'place machines in a warehouse',
  tag: 'device',
})

export const MachineCountRow = z.object({ type: wire.number, total: wire.number, online: wire.number })

export const machineCountCall = defineCall({
  path: 'park-storage/parkMachine/getMachineCount',
  method: 'GET',
  permission: view,
  params: z.object({
    warehouseId: optionalReference('请选择仓库'),
  }),
  reply: z.array(MachineCountRow),
  summary: 'machines by type, with how many are online (of one warehouse, or all)',
  tag: 'device',
})

export const DeviceDashboardReply = z.object({
  total: wire.number,
  online: wire.number,
  byType: z.array(MachineCountRow),
  commands: z.array(
    z.object({ day: wire.text, succeeded: wire.number, failed: wire.number, timedOut: wire.number }),
  ),
  grantsPending: wire.number,
  grantsFailed: wire.number,
  gatewayConnected: z.boolean(),
})

export const deviceDashboardCall = defineCall({
  path: 'park-manage/machine/dashboard',
  method: 'GET',
  permission: view,
  reply: DeviceDashboardReply,
  summary: 'the device dashboard: machines online by type, commands of the last 7 days, grants waiting',
  tag: 'device',
})

/** Whether the device gateway (the MQTT broker) is connected: the device screens say so when not. */
export const gatewayStatusCall = defineCall({
  path: 'park-manage/machine/gateway',
  method: 'GET',
  permission: view,
  reply: z.object({ connected: z.boolean(), broker: z.enum(['embedded', 'broker']) }),
  summary: 'the device gateway: connected, and which broker (embedded or a broker of our own)',
  tag: 'device',
})
