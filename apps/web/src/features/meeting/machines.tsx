import { machineContract } from '@xpark/contract/modules/device'
import {
  type MeetingMachineRow,
  type MeetingRoomRow,
  meetingMachineContract,
  meetingRoomContract,
} from '@xpark/contract/modules/meeting'
import { fromContract } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import { roomsScreen } from './rooms'
import { ControlButtons, machineSource } from './sceneInputs'
import './i18n'

/** 会议设备: pick a room, see its machines (online or not), link more, control them. */
const list = fromContract<MeetingMachineRow>(meetingMachineContract, {
  title: 'scene.meetingMachine',
  shows: [meetingRoomContract.code, machineContract.code],
  rowExtra: (row) => <ControlButtons row={row} />,
  rowExtraCount: 3,
  columns: [
    { prop: 'machineName', label: 'scene.machine', form: false },
    { prop: 'machineCode', label: 'scene.machineCode', form: false },
    { prop: 'machineId', label: 'scene.machine', hideInTable: true, treeOf: machineSource },
    { prop: 'roomId', label: 'meeting.roomName', hidden: true, form: false },
    { prop: 'machineType', label: 'scene.machineType', dict: 'machine_type', form: false },
    { prop: 'online', label: 'scene.online', dict: 'machine_online', form: false },
    { prop: 'role', label: 'scene.role', search: 'input', form: { span: 12 } },
    { prop: 'sort', label: 'scene.sort', form: { type: 'number', span: 12 } },
    { prop: 'remark', label: 'meeting.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

const declaration: TreeListDeclaration<MeetingMachineRow, MeetingRoomRow> = {
  rows: { resource: roomsScreen(), title: (row) => row.name },
  list,
  filter: (roomId) => ({ roomId }),
  defaults: (roomId) => ({ roomId }),
  pickHint: 'scene.pickRoom',
  listTitle: (node, tr) => tr('scene.machinesOf', { name: node.title }),
  layout: 'horizontal',
}
export default declaration
