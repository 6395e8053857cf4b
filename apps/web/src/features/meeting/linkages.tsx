import {
  meetingRoomContract,
  type SceneLinkageRow,
  sceneContract,
  sceneLinkageContract,
} from '@xpark/contract/modules/meeting'
import { fromContract } from '@/components/crud'
import { RoomSelect } from './inputs'
import { machineSource, SceneSelect } from './sceneInputs'
import './i18n'

/** 场景联动: a trigger (meeting start/end, a schedule, a device event) and the scene it runs. */
export default fromContract<SceneLinkageRow>(sceneLinkageContract, {
  title: 'scene.linkage',
  dialogWidth: 760,
  shows: [sceneContract.code, meetingRoomContract.code],
  columns: [
    { prop: 'name', label: 'scene.linkageName', search: 'input' },
    {
      prop: 'triggerType',
      label: 'scene.trigger',
      dict: 'scene_trigger_type',
      search: 'select',
      form: { span: 12 },
    },
    { prop: 'sceneName', label: 'scene.scene', form: false },
    {
      prop: 'sceneId',
      label: 'scene.scene',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => <SceneSelect testId={testId} disabled={disabled} />,
      },
    },
    { prop: 'roomName', label: 'meeting.roomName', form: false },
    {
      prop: 'roomId',
      label: 'meeting.roomName',
      hideInTable: true,
      form: {
        span: 12,
        itemProps: { extra: 'scene.roomHint' },
        render: ({ testId, disabled }) => <RoomSelect testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'timeOfDay',
      label: 'scene.timeOfDay',
      form: { span: 12, itemProps: { extra: 'scene.timeHint' } },
    },
    {
      prop: 'weekdays',
      label: 'scene.weekdays',
      form: { span: 12, itemProps: { extra: 'scene.weekdaysHint' } },
    },
    { prop: 'machineName', label: 'scene.machine', form: false },
    {
      prop: 'machineId',
      label: 'scene.machine',
      hideInTable: true,
      treeOf: machineSource,
      form: { span: 12 },
    },
    { prop: 'eventType', label: 'scene.eventType', form: { span: 12 } },
    {
      prop: 'status',
      label: 'meeting.status',
      form: { type: 'select', span: 12 },
      options: [
        { label: 'meeting.enabled', value: 1 },
        { label: 'meeting.disabled', value: 0 },
      ],
    },
    { prop: 'lastFiredAt', label: 'scene.lastFiredAt', form: false },
    { prop: 'remark', label: 'meeting.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})
