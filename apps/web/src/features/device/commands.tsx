import { commandLogContract } from '@xpark/contract/modules/device'
import { fromContract, renderDict } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

interface Command {
  id: string
  machineId: string
  machine: string
  machineName: string | null
  control: string
  source: string
  result: number
  reason: string
  elapsedMs: number
  createUser: string | null
  createUserName: string | null
  createTime: string
}

function GrantControl({ control }: { control: string }) {
  const tr = useTr()
  return <>{tr(control === 'grant' ? 'device.grantIssue' : 'device.grantRevoke')}</>
}

/** 控制记录: every command sent (who, when, the machine's answer); read only. */
export default fromContract<Command>(commandLogContract, {
  title: 'device.command',
  actions: { add: false, edit: false, copy: false, delete: false, bulkDelete: false },
  columns: [
    { prop: 'createTime', label: 'device.createTime', search: 'dateRange', width: 170 },
    { prop: 'machineName', label: 'device.name', width: 160 },
    { prop: 'machine', label: 'device.code', width: 120 },
    // grants are issued as commands of their own (grant, revoke), not in the control dictionary
    {
      prop: 'control',
      label: 'device.commandControl',
      dict: 'machine_control_type',
      width: 100,
      render: (v) =>
        v === 'grant' || v === 'revoke' ? (
          <GrantControl control={v} />
        ) : (
          renderDict('machine_control_type', v)
        ),
    },
    { prop: 'source', label: 'device.source', dict: 'machine_command_source', search: 'select', width: 100 },
    { prop: 'result', label: 'device.result', dict: 'machine_command_result', search: 'select', width: 90 },
    { prop: 'reason', label: 'device.reason', width: 200 },
    { prop: 'elapsedMs', label: 'device.elapsed', width: 110 },
    { prop: 'createUserName', label: 'device.sender', width: 110 },
  ],
})
