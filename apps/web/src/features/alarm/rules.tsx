import { SyncOutlined } from '@ant-design/icons'
import {
  type AlarmRuleRow,
  alarmGroupContract,
  alarmRuleContract,
  OPERATORS,
  syncAlarmRulesCall,
} from '@xpark/contract/modules/alarm'
import { assetPlaceContract } from '@xpark/contract/modules/asset'
import { machineContract } from '@xpark/contract/modules/device'
import { warehouseContract } from '@xpark/contract/modules/storage'
import { App, Button } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { RowSelect } from './inputs'
import './i18n'

const named = (row: Record<string, unknown>) => String(row.name ?? '')
const machineLabel = (row: Record<string, unknown>) => `${String(row.name ?? '')} (${String(row.code ?? '')})`

/** 同步规则到设备: the enabled rules to the machines as retained config; says how many got them. */
function SyncButton() {
  const tr = useTr()
  const { message } = App.useApp()
  const may = useSession((s) => s.permission[alarmRuleContract.permissions.edit] === true)
  const [busy, setBusy] = useState(false)
  if (!may) return null
  return (
    <Button
      icon={<SyncOutlined />}
      loading={busy}
      data-testid="alarm-rule-sync"
      onClick={async () => {
        setBusy(true)
        try {
          const r = await callApi(syncAlarmRulesCall)
          void message.success(
            tr('alarm.synced', {
              rules: r.rules,
              sent: r.machines.filter((m) => m.sent).length,
              total: r.machines.length,
            }),
          )
        } finally {
          setBusy(false)
        }
      }}
    >
      {tr('alarm.sync')}
    </Button>
  )
}

/**
 * 告警规则: a metric threshold held N s or a device event type, on machines by type, place or list,
 * in a schedule, at a level, telling groups.
 */
export default fromContract<AlarmRuleRow>(alarmRuleContract, {
  title: 'alarm.rule',
  dialogWidth: 900,
  shows: [alarmGroupContract.code],
  columns: [
    { prop: 'name', label: 'alarm.ruleName', search: 'input', form: { span: 12 } },
    {
      prop: 'kind',
      label: 'alarm.kind',
      dict: 'alarm_rule_kind',
      search: 'select',
      width: 100,
      form: { span: 12 },
    },
    {
      prop: 'metric',
      label: 'alarm.metric',
      width: 110,
      form: { span: 8, itemProps: { extra: 'alarm.metricHint' } },
    },
    {
      prop: 'operator',
      label: 'alarm.operator',
      width: 70,
      options: OPERATORS.map((o) => ({ label: o, value: o })),
      form: { type: 'select', span: 4 },
    },
    { prop: 'threshold', label: 'alarm.threshold', width: 80, form: { span: 6 } },
    {
      prop: 'holdSeconds',
      label: 'alarm.holdSeconds',
      width: 90,
      form: { span: 6, itemProps: { extra: 'alarm.holdHint' } },
    },
    { prop: 'eventType', label: 'alarm.eventType', dict: 'alarm_event_type', width: 100, form: { span: 12 } },
    { prop: 'scopeType', label: 'alarm.scopeType', dict: 'alarm_scope', width: 100, form: { span: 12 } },
    {
      prop: 'machineType',
      label: 'alarm.machineType',
      dict: 'machine_type',
      hideInTable: true,
      form: { span: 12 },
    },
    {
      prop: 'roomId',
      label: 'alarm.room',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <RowSelect contract={assetPlaceContract} label={named} testId={testId} disabled={disabled} />
        ),
      },
    },
    {
      prop: 'warehouseId',
      label: 'alarm.warehouse',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <RowSelect contract={warehouseContract} label={named} testId={testId} disabled={disabled} />
        ),
      },
    },
    {
      prop: 'machineIds',
      label: 'alarm.machines',
      hideInTable: true,
      form: {
        span: 24,
        render: ({ testId, disabled }) => (
          <RowSelect
            contract={machineContract}
            label={machineLabel}
            multiple
            testId={testId}
            disabled={disabled}
          />
        ),
      },
    },
    {
      prop: 'weekdays',
      label: 'alarm.weekdays',
      hideInTable: true,
      form: { span: 8, itemProps: { extra: 'alarm.weekdaysHint' } },
    },
    { prop: 'timeFrom', label: 'alarm.timeFrom', hideInTable: true, form: { span: 8 } },
    {
      prop: 'timeTo',
      label: 'alarm.timeTo',
      hideInTable: true,
      form: { span: 8, itemProps: { extra: 'alarm.timeHint' } },
    },
    {
      prop: 'level',
      label: 'alarm.level',
      dict: 'alarm_level',
      search: 'select',
      width: 80,
      form: { span: 12 },
    },
    {
      prop: 'status',
      label: 'alarm.status',
      width: 80,
      search: 'select',
      options: [
        { label: 'alarm.enabled', value: 1 },
        { label: 'alarm.disabled', value: 0 },
      ],
      form: { type: 'select', span: 12 },
    },
    { prop: 'groupNames', label: 'alarm.groups', form: false },
    {
      prop: 'groupIds',
      label: 'alarm.groups',
      hideInTable: true,
      form: {
        span: 24,
        render: ({ testId, disabled }) => (
          <RowSelect
            contract={alarmGroupContract}
            label={named}
            multiple
            testId={testId}
            disabled={disabled}
          />
        ),
      },
    },
    { prop: 'openCount', label: 'alarm.openCount', width: 90, form: false },
    { prop: 'remark', label: 'alarm.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
  toolbarExtra: () => <SyncButton />,
})
