import { ORDER_STATUS, type OrderRow, orderContract, refundOrderCall } from '@xpark/contract/modules/canteen'
import { centsOf, yuanOf } from '@xpark/contract/money'
import { App, Button, Form, InputNumber, Modal } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { formatMoney, fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { menuDishes } from './sources'
import './i18n'

const newRefundNo = () => `RF${Date.now()}${Math.floor(Math.random() * 1e6)}`

/** 退款: an amount up to what is left; the dialog's refund number makes a double click one refund. */
function RefundButton({ row, refresh }: { row: OrderRow; refresh: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const allowed = useSession((s) => s.permission.canteen_order_refund === true)
  const [open, setOpen] = useState(false)
  const [refundNo, setRefundNo] = useState(newRefundNo)
  const [yuan, setYuan] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const left = row.payPrice - row.refundFee
  if (!allowed || left <= 0) return null
  const submit = async () => {
    if (!yuan) return
    setBusy(true)
    try {
      await callApi(refundOrderCall, {
        orderId: row.id,
        payPrice: centsOf(yuan),
        refundNo,
      })
      message.success(tr('canteen.refunded'))
      setOpen(false)
      refresh()
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button
        type="link"
        size="small"
        data-testid="canteen-order-refund"
        onClick={() => {
          setRefundNo(newRefundNo())
          setYuan(yuanOf(left))
          setOpen(true)
        }}
      >
        {tr('canteen.refund')}
      </Button>
      <Modal
        open={open}
        title={tr('canteen.refund')}
        onOk={submit}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={tr('canteen.refundable')}>¥{formatMoney(left)}</Form.Item>
          <Form.Item label={tr('canteen.refundAmount')}>
            <InputNumber
              data-testid="canteen-refund-amount"
              min={0.01}
              max={yuanOf(left)}
              precision={2}
              value={yuan}
              onChange={(v) => setYuan(v)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/** 订餐订单: orders paid from the card; 新增 places one (dishes of one menu), a row refunds part or all. */
export default fromContract<OrderRow>(orderContract, {
  title: 'canteen.order',
  dialogWidth: 900,
  rowCheck: (row, action) => (action === 'delete' ? row.status === ORDER_STATUS.refunded : action === 'view'),
  rowExtra: (row, ctx) => <RefundButton row={row} refresh={ctx.refresh} />,
  columns: [
    { prop: 'orderNo', label: 'canteen.orderNo', search: 'input', form: false, width: 200 },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'orderDate', label: 'canteen.orderDate', search: 'input', form: false },
    { prop: 'mealType', label: 'canteen.mealType', dict: 'canteen_meal_type', search: 'select', form: false },
    { prop: 'cardNo', label: 'canteen.cardNo', search: 'input', form: { span: 12 } },
    { prop: 'userName', label: 'canteen.userName', search: 'input', form: false },
    { prop: 'totalFee', label: 'canteen.totalFee', money: true, sortable: true, form: false },
    { prop: 'refundFee', label: 'canteen.refundFee', money: true, form: false },
    {
      prop: 'status',
      label: 'canteen.orderStatus',
      dict: 'canteen_order_status',
      search: 'select',
      form: false,
    },
    { prop: 'payTime', label: 'canteen.payTime', form: false, width: 170 },
    // the partner channel it was placed through (read-only)
    { prop: 'channel', label: 'canteen.channel', form: false },
    { prop: 'remark', label: 'canteen.remark', hideInTable: true, form: { span: 12 } },
  ],
  bill: {
    field: 'foods',
    lineSchema: orderContract.lines?.form,
    columns: [
      {
        prop: 'publishFoodId',
        label: 'canteen.dish',
        width: 320,
        treeOf: menuDishes,
        fill: { foodName: 'title', price: 'price' },
      },
      { prop: 'price', label: 'canteen.price', input: 'read', money: true, width: 120 },
      { prop: 'quantity', label: 'canteen.quantity', input: 'number', min: 1, max: 99, width: 100 },
      {
        prop: 'amount',
        label: 'canteen.amount',
        money: true,
        width: 130,
        compute: (line) => Number(line.price ?? 0) * Number(line.quantity ?? 0),
      },
    ],
    totals: [{ prop: 'amount', label: 'canteen.totalFee', money: true }],
    newLine: () => ({ quantity: 1 }),
  },
})
