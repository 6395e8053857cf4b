import { gateMachineTreeCall, type ParkingLotRow, parkingLotContract } from '@xpark/contract/modules/parking'
import { fromContract } from '@/components/crud'
import { AutoReleaseInput, AutoReleaseTags } from './inputs'
import './i18n'

/** 车场管理: spaces, the fee rule (cents shown as yuan), who is let through by itself, and the gates. */
export default fromContract<ParkingLotRow>(parkingLotContract, {
  title: 'parking.lot',
  dialogWidth: 820,
  columns: [
    { prop: 'name', label: 'parking.name', search: 'input', form: { span: 12 } },
    { prop: 'spaces', label: 'parking.spaces', form: { span: 12 } },
    { prop: 'inside', label: 'parking.inside', form: false },
    { prop: 'freeSpaces', label: 'parking.freeSpaces', form: false },
    { prop: 'freeMinutes', label: 'parking.freeMinutes', form: { span: 8 } },
    { prop: 'feePerHour', label: 'parking.feePerHour', money: true, form: { span: 8 } },
    { prop: 'dayCap', label: 'parking.dayCap', money: true, form: { span: 8 } },
    {
      prop: 'autoRelease',
      label: 'parking.autoRelease',
      render: (value) => <AutoReleaseTags value={String(value ?? '')} />,
      form: {
        render: ({ testId, disabled }) => <AutoReleaseInput testId={testId} disabled={disabled} />,
      },
    },
    { prop: 'gateCount', label: 'parking.gateCount', form: false },
    { prop: 'address', label: 'parking.address', ellipsis: true, form: { span: 12 } },
    { prop: 'remark', label: 'parking.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
  bill: {
    field: 'gates',
    lineSchema: parkingLotContract.lines?.form,
    newLine: () => ({ direction: 1 }),
    columns: [
      {
        prop: 'machineId',
        label: 'parking.gateMachine',
        treeOf: { url: gateMachineTreeCall.path, code: 'parking_gate_machine', leavesOnly: true },
        fill: { machineName: 'title' },
      },
      { prop: 'direction', label: 'parking.direction', input: 'number', min: 1, max: 2, width: 160 },
      { prop: 'name', label: 'parking.gateName', input: 'text', width: 160 },
    ],
  },
})
