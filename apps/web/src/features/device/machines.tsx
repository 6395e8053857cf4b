import { ControlOutlined, SyncOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import {
  gatewayStatusCall,
  type MachineRow,
  machineContract,
  SERVER_TYPES,
  syncMachinesCall,
} from '@xpark/contract/modules/device'
import { App, Badge, Button, Tag } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { ControlDialog, permittedControls } from './ControlDialog'
import './i18n'

// the write-only credentials are form fields only: never in a row
type Machine = z.infer<typeof MachineRow> & { machineAccount?: string; machinePassword?: string }

function ControlButton({ row }: { row: Machine }) {
  const tr = useTr()
  const permission = useSession((s) => s.permission)
  const [open, setOpen] = useState(false)
  // only a type with a control the user may send (the declared machine controls) shows the button
  if (permittedControls(row.type, permission).length === 0) return null
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<ControlOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`machine-control-${row.code}`}
      >
        {tr('device.control')}
      </Button>
      {open && <ControlDialog machine={row} onClose={() => setOpen(false)} />}
    </>
  )
}

function OnlineBadge({ online }: { online: boolean }) {
  const tr = useTr()
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={tr(online ? 'device.onlineText' : 'device.offlineText')}
    />
  )
}

/** 设备网关未连接: told while the broker is away (commands are refused meanwhile). */
function GatewayTag() {
  const tr = useTr()
  const gateway = useQuery({
    queryKey: [gatewayStatusCall.path],
    queryFn: () => callApi(gatewayStatusCall),
    refetchInterval: 10_000,
  })
  if (gateway.data?.connected !== false) return null
  return (
    <Tag color="error" data-testid="device-gateway-away">
      {tr('device.gatewayAway')}
    </Tag>
  )
}

function SyncButton({ refresh }: { refresh: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      icon={<SyncOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          const r = await callApi(syncMachinesCall)
          void message.success(tr('device.synced', { total: r.total, online: r.online }))
          refresh()
        } finally {
          setBusy(false)
        }
      }}
    >
      {tr('device.sync')}
    </Button>
  )
}

/** 设备管理: machines with their live online state, places, media server, write-only credentials, controls. */
export default fromContract<Machine>(machineContract, {
  title: 'device.machine',
  dialogWidth: 900,
  columns: [
    {
      prop: 'code',
      label: 'device.code',
      search: 'input',
      width: 130,
      form: { span: 12, disabledOnEdit: true },
    },
    { prop: 'name', label: 'device.name', search: 'input', width: 160, form: { span: 12 } },
    {
      prop: 'type',
      label: 'device.type',
      dict: 'machine_type',
      search: 'select',
      width: 100,
      form: { span: 12 },
    },
    {
      prop: 'online',
      label: 'device.online',
      width: 90,
      form: false,
      render: (v) => <OnlineBadge online={v === 1} />,
    },
    { prop: 'location', label: 'device.location', width: 140, form: { span: 12 } },
    { prop: 'roomName', label: 'device.room', width: 120, form: false },
    { prop: 'warehouseName', label: 'device.warehouse', width: 120, form: false, hidden: true },
    { prop: 'reportRuleName', label: 'device.rule', width: 140, form: false },
    { prop: 'lastSeenAt', label: 'device.lastSeen', width: 170, form: false },
    {
      prop: 'serverType',
      label: 'device.serverType',
      hideInTable: true,
      options: SERVER_TYPES.map((s) => ({ label: s, value: s })),
      form: { type: 'select', span: 12 },
    },
    { prop: 'serviceUrl', label: 'device.serviceUrl', hideInTable: true, form: { span: 12 } },
    { prop: 'agreeContext', label: 'device.agreeContext', hideInTable: true, form: { span: 12 } },
    { prop: 'machineIp', label: 'device.ip', hideInTable: true, form: { span: 12 } },
    { prop: 'machinePort', label: 'device.port', hideInTable: true, form: { span: 12 } },
    // write-only (contract writeOnly): typed, never shown; blank keeps the stored value
    {
      prop: 'machineAccount',
      label: 'device.account',
      hideInTable: true,
      form: { span: 12, modes: ['add', 'edit'], props: { autoComplete: 'off' } },
    },
    {
      prop: 'machinePassword',
      label: 'device.password',
      hideInTable: true,
      form: { type: 'password', span: 12, modes: ['add', 'edit'], props: { autoComplete: 'new-password' } },
    },
    {
      prop: 'clockCard',
      label: 'device.clockCard',
      hideInTable: true,
      options: [
        { label: 'device.yes', value: 1 },
        { label: 'device.no', value: 0 },
      ],
      form: false,
    },
    { prop: 'remark', label: 'device.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
  rowExtra: (row) => <ControlButton row={row} />,
  toolbarExtra: ({ refresh }) => (
    <>
      <SyncButton refresh={refresh} />
      <GatewayTag />
    </>
  ),
})
