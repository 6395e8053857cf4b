import {
  meetingRoomContract,
  SCENE_LIMITS,
  type SceneRow,
  sceneContract,
} from '@xpark/contract/modules/meeting'
import { fromContract } from '@/components/crud'
import { RoomSelect } from './inputs'
import { controlOptions, ExecButton, machineSource } from './sceneInputs'
import './i18n'

/** 场景管理: a scene's steps (machine, control, delay) in the bill dialog; 执行 runs it and shows each step. */
export default fromContract<SceneRow>(sceneContract, {
  title: 'scene.scene',
  dialogWidth: 900,
  shows: [meetingRoomContract.code],
  rowExtra: (row) => <ExecButton row={row} />,
  rowExtraCount: 1,
  columns: [
    { prop: 'name', label: 'scene.name', search: 'input' },
    { prop: 'roomName', label: 'meeting.roomName', form: false },
    {
      prop: 'roomId',
      label: 'meeting.roomName',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <RoomSelect testId={testId} disabled={disabled} /> },
    },
    { prop: 'stepCount', label: 'scene.stepCount', form: false },
    { prop: 'remark', label: 'meeting.remark', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'meeting.createTime', form: false },
  ],
  bill: {
    field: 'steps',
    lineSchema: sceneContract.lines?.form,
    columns: [
      {
        prop: 'machineId',
        label: 'scene.machine',
        width: 280,
        treeOf: machineSource,
        fill: { machineName: 'title' },
      },
      { prop: 'control', label: 'scene.control', width: 160, dependent: controlOptions },
      {
        prop: 'delaySeconds',
        label: 'scene.delaySeconds',
        input: 'number',
        min: 0,
        max: SCENE_LIMITS.delaySeconds,
        width: 140,
      },
      { prop: 'remark', label: 'meeting.remark', input: 'text' },
    ],
    totals: [{ prop: 'delaySeconds', label: 'scene.delayTotal' }],
    newLine: () => ({ delaySeconds: 0 }),
  },
})
