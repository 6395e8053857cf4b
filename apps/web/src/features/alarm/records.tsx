import { type AlarmRow, alarmContract } from '@xpark/contract/modules/alarm'
import { Input } from 'antd'
import { fromContract } from '@/components/crud'
import './i18n'

/**
 * 告警记录: every alarm (a machine's reading or event, another system's), live — a new alarm or a
 * count shows without a reload. 认领 (未处理 → 处理中), 关闭告警 with a remark (alarm_close), and
 * deleting closed alarms.
 */
export default fromContract<AlarmRow>(alarmContract, {
  title: 'alarm.record',
  actionInputs: {
    closeAlarm: {
      name: 'remark',
      label: 'alarm.closeRemark',
      render: ({ value, onChange }) => (
        <Input.TextArea
          rows={3}
          maxLength={255}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid="alarm-close-remark"
        />
      ),
    },
  },
  columns: [
    { prop: 'level', label: 'alarm.level', dict: 'alarm_level', search: 'select', width: 80, form: false },
    { prop: 'content', label: 'alarm.content', form: false },
    { prop: 'machineCode', label: 'alarm.machine', search: 'input', width: 120, form: false },
    { prop: 'machineName', label: 'alarm.machine', width: 140, form: false, hidden: true },
    { prop: 'ruleName', label: 'alarm.ruleOfAlarm', width: 140, form: false },
    { prop: 'source', label: 'alarm.source', dict: 'alarm_source', width: 90, form: false },
    { prop: 'alarmType', label: 'alarm.type', width: 100, form: false, hidden: true },
    { prop: 'value', label: 'alarm.value', width: 80, form: false },
    { prop: 'count', label: 'alarm.count', width: 70, form: false },
    { prop: 'firstTime', label: 'alarm.firstTime', width: 170, form: false, hidden: true },
    { prop: 'lastTime', label: 'alarm.lastTime', width: 170, form: false },
    { prop: 'status', label: 'alarm.status', dict: 'alarm_status', search: 'select', width: 90, form: false },
    { prop: 'handlerName', label: 'alarm.handler', width: 100, form: false },
    { prop: 'closeTime', label: 'alarm.closeTime', width: 170, form: false, hidden: true },
    { prop: 'remark', label: 'alarm.closeRemark', form: false, hidden: true },
  ],
})
