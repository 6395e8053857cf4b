import { type AlarmGroupRow, alarmGroupContract } from '@xpark/contract/modules/alarm'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { PeopleIdsInput } from '@/components/PersonInput'
import './i18n'

function Members({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string
  onChange?: (v: string) => void
  testId?: string
  disabled?: boolean
}) {
  const tr = useTr()
  return (
    <PeopleIdsInput
      value={value}
      onChange={onChange}
      testId={testId}
      pickTestId="alarm-group-pick"
      disabled={disabled}
      pickLabel={tr('alarm.pickMembers')}
    />
  )
}

/** 告警组: the people an alarm is told to (user picker), SMS for alarms from a level. */
export default fromContract<AlarmGroupRow>(alarmGroupContract, {
  title: 'alarm.group',
  dialogWidth: 720,
  columns: [
    { prop: 'name', label: 'alarm.groupName', search: 'input' },
    { prop: 'userNames', label: 'alarm.members', form: false },
    {
      prop: 'userIds',
      label: 'alarm.members',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <Members testId={testId} disabled={disabled} /> },
    },
    {
      prop: 'smsLevel',
      label: 'alarm.smsLevel',
      width: 120,
      options: [
        { label: 'alarm.noSms', value: 0 },
        { label: '提示', value: 1 },
        { label: '一般', value: 2 },
        { label: '重要', value: 3 },
        { label: '紧急', value: 4 },
      ],
      form: { type: 'select', itemProps: { extra: 'alarm.smsHint' } },
    },
    { prop: 'remark', label: 'alarm.remark', form: { type: 'textarea' } },
    { prop: 'createTime', label: 'alarm.createTime', form: false },
  ],
})
