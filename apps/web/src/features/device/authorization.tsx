import {
  deleteGrantCall,
  GRANT,
  type GrantRow,
  grantContract,
  syncOwnersCall,
} from '@xpark/contract/modules/device'
import { App, Button, Popconfirm } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { fromContract, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { GrantDialog } from './GrantDialog'
import './i18n'

type Grant = z.infer<typeof GrantRow>

function RevokeButton({ row, refresh }: { row: Grant; refresh: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  if (!useCan(grantContract, 'delete')) return null
  return (
    <Popconfirm
      title={tr('device.revokeConfirm')}
      onConfirm={async () => {
        await callApi(deleteGrantCall, { ids: row.id })
        void message.success(tr('common.deleteSuccess'))
        refresh()
      }}
    >
      <Button type="link" size="small" danger data-testid={`grant-revoke-${row.id}`}>
        {tr('device.revoke')}
      </Button>
    </Popconfirm>
  )
}

function Toolbar({ refresh }: { refresh: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  if (!useCan(grantContract, 'add')) return null
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="grant-add">
        {tr('device.grantAdd')}
      </Button>
      <Button
        onClick={async () => {
          const r = await callApi(syncOwnersCall, {})
          void message.success(tr('device.resent', { queued: r.queued }))
          refresh()
        }}
      >
        {tr('device.resend')}
      </Button>
      {open && (
        <GrantDialog
          onClose={(changed) => {
            setOpen(false)
            if (changed) refresh()
          }}
        />
      )}
    </>
  )
}

/** 设备授权: who is granted on which door, whether the machine has taken it, and why not. */
export default fromContract<Grant>(grantContract, {
  title: 'device.grant',
  actions: { add: false, edit: false, copy: false, delete: false, bulkDelete: false, view: false },
  columns: [
    { prop: 'machineName', label: 'device.name', width: 160 },
    { prop: 'machineCode', label: 'device.code', width: 120 },
    { prop: 'roomName', label: 'device.room', width: 120 },
    { prop: 'userName', label: 'device.grantUser', width: 120 },
    {
      prop: 'grantStatus',
      label: 'device.grantStatus',
      dict: 'machine_grant_status',
      search: 'select',
      width: 110,
    },
    { prop: 'attempts', label: 'device.attempts', width: 90 },
    {
      prop: 'error',
      label: 'device.error',
      width: 200,
      render: (v, row) =>
        row.grantStatus === GRANT.failed ? <span style={{ color: '#cf1322' }}>{String(v)}</span> : null,
    },
    { prop: 'nextAttemptAt', label: 'device.nextAttempt', width: 170 },
    { prop: 'createTime', label: 'device.createTime', width: 170 },
  ],
  rowExtra: (row, ctx) => <RevokeButton row={row} refresh={ctx.refresh} />,
  toolbarExtra: ({ refresh }) => <Toolbar refresh={refresh} />,
})
