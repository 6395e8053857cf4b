import { z } from 'zod'
import {
  choice,
  code,
  link,
  optionalChoice,
  optionalText,
  optionalWholeNumber,
  reference,
  requiredText,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'

/**
 * Machines (spec 02 §7 "Machines, playback and report rules", §3 "Machine for player"): the park's
 * devices, where they stand, how their video is played, whether they are online (live). The controls
 * their type carries out are declared in `commands.ts`. See docs/modules/device.md.
 */

/** Machine types (dict `machine_type`). */
export const MACHINE_TYPE = {
  door: 1,
  camera: 2,
  face: 3,
  display: 4,
  light: 5,
  aircon: 6,
  sensor: 7,
  clock: 8,
  barrier: 9,
} as const

/** The media servers a machine's video comes from (spec 02 §4); others play no video. */
export const SERVER_TYPES = ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  reference('所选位置不存在').optional(),
)

export const MachineForm = z.object({
  code: code('请输入设备编码', 64),
  name: requiredText('请输入设备名称', 64),
  type: choice('请选择设备类型', 1, 9),
  /** where it stands: an asset computer room, or a storage warehouse (at most one) */
  roomId: optionalId,
  warehouseId: optionalId,
  location: optionalText('location', 128),
  /** the media server (spec 02 §3); none: the media simulator on loopback */
  serviceUrl: link('serviceUrl'),
  serverType: optionalText('serverType', 64),
  agreeContext: optionalText('agreeContext', 255),
  /** write-only: sealed at rest, in no reply, empty keeps the stored value */
  machineAccount: optionalText('machineAccount', 64),
  machinePassword: optionalText('machinePassword', 64),
  machineIp: z
    .string()
    .trim()
    .max(64, 'machineIp: at most 64 characters')
    .regex(/^$|^[A-Za-z0-9.:-]+$/, 'machineIp: an IP address or a host name')
    .optional(),
  machinePort: optionalWholeNumber('machinePort', 1, 65535),
  /** 1: also an attendance clock (alterMachineToClockCard) */
  clockCard: optionalChoice('clockCard must be 0 or 1', 0, 1),
  remark: optionalText('remark', 255),
})

export const MachineRow = z.object({
  id: wire.id,
  code: wire.text,
  name: wire.text,
  type: wire.number,
  roomId: wire.optionalId,
  roomName: wire.optionalText,
  warehouseId: wire.optionalId,
  warehouseName: wire.optionalText,
  location: wire.text,
  serviceUrl: wire.text,
  serverType: wire.text,
  agreeContext: wire.text,
  machineIp: wire.text,
  machinePort: wire.optionalNumber,
  clockCard: wire.number,
  /** 1 online, 0 offline (dict `machine_online`): the retained status and the silence rule */
  online: wire.number,
  lastSeenAt: wire.optionalDate,
  reportRuleId: wire.optionalId,
  reportRuleName: wire.optionalText,
  status: wire.number,
  remark: wire.text,
  createTime: wire.date,
})

export const machineContract = defineContract({
  path: 'park-manage/machine',
  code: 'machine',
  form: MachineForm,
  row: MachineRow,
  filters: { name: 'like', code: 'like', type: 'eq', roomId: 'eq', warehouseId: 'eq', clockCard: 'eq' },
  sorts: ['code', 'name', 'type', 'createTime'],
  routes: {
    page: 'queryMachines',
    list: { path: 'queryMachines1', methods: ['GET'], also: ['/machineManage/list'] },
    select: 'queryMachineDict',
    submit: { path: 'updateMachine', methods: ['POST'] },
    save: false,
    update: false,
  },
  writeOnly: ['machineAccount', 'machinePassword'],
  live: { topic: 'devices', event: 'presence' },
})

/** The machine's id for the calls that take one (`queryMachineControl?machineId=`). */
export const MachineIdQuery = z.object({ machineId: reference('请选择设备') })
