import {
  INVENTORY_STATUS,
  type InventoryLine,
  type InventoryRow,
  inventoryContract,
} from '@xpark/contract/modules/storage'
import { App, Button, InputNumber, Modal, Popconfirm, Space, Table } from 'antd'
import { useEffect, useState } from 'react'
import { getData, postData } from '@/api/http'
import { type CrudRowContext, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'
import { BusyArea } from '@/components/BusyArea'

const base = `${inventoryContract.path}`

/** A plan's row actions: make the count bill, enter counts, audit the profit and the losses bills. */
export function InventoryActions({ row, ctx }: { row: InventoryRow; ctx: CrudRowContext }) {
  const tr = useTr()
  const { message } = App.useApp()
  const canCreate = useCan(inventoryContract, 'create_bill')
  const canProfit = useCan(inventoryContract, 'audit_profit')
  const canLosses = useCan(inventoryContract, 'audit_losses')
  const canEdit = useCan(inventoryContract, 'edit')
  const [counting, setCounting] = useState(false)
  const run = async (route: string) => {
    await postData(`${base}/${route}`, { id: row.id })
    void message.success(tr('storage.done'))
    ctx.refresh()
  }
  const confirm = (label: string, route: string, testId: string) => (
    <Popconfirm title={tr('storage.inventory.confirm')} onConfirm={() => run(route)}>
      <Button size="small" type="link" data-testid={`${testId}-${row.id}`}>
        {tr(label)}
      </Button>
    </Popconfirm>
  )
  const open = row.status === INVENTORY_STATUS.counting
  return (
    <Space size={0}>
      {row.status === INVENTORY_STATUS.draft &&
        canCreate &&
        confirm('storage.inventory.createBill', 'createBill', 'inventory-create-bill')}
      {open && !row.profitStatus && !row.lossStatus && canEdit && (
        <Button
          size="small"
          type="link"
          onClick={() => setCounting(true)}
          data-testid={`inventory-count-${row.id}`}
        >
          {tr('storage.inventory.lines')}
        </Button>
      )}
      {open &&
        !row.profitStatus &&
        canProfit &&
        confirm('storage.inventory.auditProfit', 'auditProfit', 'inventory-audit-profit')}
      {open &&
        !row.lossStatus &&
        canLosses &&
        confirm('storage.inventory.auditLosses', 'auditLosses', 'inventory-audit-losses')}
      {counting && (
        <CountDialog
          plan={row}
          onClose={(saved) => {
            setCounting(false)
            if (saved) ctx.refresh()
          }}
        />
      )}
    </Space>
  )
}

/** The count lines of a plan: counted quantities typed as exact decimals, saved line by line. */
export function CountDialog({
  plan,
  onClose,
}: {
  plan: InventoryRow
  /** `saved`: counts were written (the plan's row is read again) */
  onClose: (saved?: boolean) => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const [lines, setLines] = useState<InventoryLine[] | null>(null)
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    void getData<{ records: InventoryLine[] }>(`${base}/detail/list`, {
      inventoryId: plan.id,
      size: '1000',
    }).then((p) => setLines(p.records))
  }, [plan.id])
  const save = async () => {
    setSaving(true)
    try {
      for (const [id, countQuantity] of Object.entries(typed))
        await postData(`${base}/detail/update`, undefined, { id, countQuantity })
      void message.success(tr('common.updateSuccess'))
      onClose(Object.keys(typed).length > 0)
    } finally {
      setSaving(false)
    }
  }
  // a large count is mostly lines that agree with the book: fill those not counted yet, then change
  // the few that differ
  const fillBook = () =>
    setTyped((t) => {
      const next = { ...t }
      for (const line of lines ?? [])
        if (next[line.id] === undefined && (line.countQuantity ?? null) === null)
          next[line.id] = String(line.bookQuantity)
      return next
    })
  return (
    <Modal
      open
      width={900}
      title={`${tr('storage.inventory.lines')} ${plan.planNo}`}
      onCancel={() => onClose()}
      onOk={save}
      okText={tr('storage.inventory.save')}
      confirmLoading={saving}
    >
      <Button
        size="small"
        style={{ marginBottom: 8 }}
        disabled={!lines?.length}
        onClick={fillBook}
        data-testid="inventory-fill-book"
      >
        {tr('storage.inventory.fillBook')}
      </Button>
      <BusyArea busy={lines === null}>
        <Table<InventoryLine>
          rowKey="id"
          size="small"
          dataSource={lines ?? []}
          pagination={false}
          scroll={{ y: 480 }}
          columns={[
            { title: tr('storage.goodsCode'), dataIndex: 'goodsCode', width: 120 },
            { title: tr('storage.goodsName'), dataIndex: 'goodsName' },
            { title: tr('storage.batchCode'), dataIndex: 'batchCode', width: 110 },
            { title: tr('storage.bookQuantity'), dataIndex: 'bookQuantity', width: 110 },
            {
              title: tr('storage.countQuantity'),
              width: 150,
              render: (_v, line) => (
                <InputNumber
                  stringMode
                  min="0"
                  size="small"
                  value={typed[line.id] ?? line.countQuantity ?? undefined}
                  onChange={(v) => setTyped((t) => ({ ...t, [line.id]: v === null ? '' : String(v) }))}
                  data-testid={`inventory-count-input-${line.goodsCode}`}
                />
              ),
            },
            // the saved difference (counted − book): a loss shows negative before its audit
            {
              title: tr('storage.difference'),
              dataIndex: 'difference',
              width: 110,
              render: (v: string | null, line) => (
                <span data-testid={`inventory-difference-${line.goodsCode}`}>{v ?? ''}</span>
              ),
            },
          ]}
        />
      </BusyArea>
    </Modal>
  )
}
