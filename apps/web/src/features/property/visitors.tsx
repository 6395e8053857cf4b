import {
  addVisitorBackgroundCall,
  VISITOR,
  VISITOR_GRANT,
  type VisitorRow,
  visitorContract,
} from '@xpark/contract/modules/property'
import { App, Button, DatePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { callApi } from '@/api/calls'
import { type CrudRowContext, fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { communityColumn } from './inputs'
import './i18n'

/** 下发访客: the registration's face on its community's visitor machines, for its day (confirmed first). */
function GrantButton({ row, ctx }: { row: VisitorRow; ctx: CrudRowContext }) {
  const t = useTr()
  const { modal, message } = App.useApp()
  const may = useSession((s) => s.permission[VISITOR_GRANT] === true)
  if (!may || row.status !== VISITOR.registered) return null
  return (
    <Button
      type="link"
      size="small"
      data-testid={`visitor-grant-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: t('common.tip'),
          content: t('property.grantConfirm'),
          okButtonProps: { 'data-testid': 'confirm-ok' },
          onOk: async () => {
            try {
              const { machines } = await callApi(addVisitorBackgroundCall, { id: row.id })
              void message.success(t('property.granted', { count: machines }))
              ctx.refresh()
            } catch {
              // the HTTP client showed why; nothing changed
            }
          },
        })
      }
    >
      {t('property.grant')}
    </Button>
  )
}

/** 访客登记: a visitor, the house visited and the day; granted on the visitor machines for that day. */
export default fromContract<VisitorRow>(visitorContract, {
  title: 'property.visitor',
  rowCheck: (row, action) => action === 'view' || action === 'copy' || row.status === VISITOR.registered,
  rowExtra: (row, ctx) => <GrantButton row={row} ctx={ctx} />,
  rowExtraCount: 1,
  columns: [
    communityColumn<VisitorRow>(),
    { prop: 'visitorName', label: 'property.visitorName', search: 'input', form: { span: 12 } },
    { prop: 'visitorPhone', label: 'property.visitorPhone', search: 'input', form: { span: 12 } },
    { prop: 'faceUrl', label: 'property.face', hideInTable: true },
    { prop: 'hostHouse', label: 'property.hostHouse', search: 'input', form: { span: 12 } },
    { prop: 'hostName', label: 'property.hostName', form: { span: 12 } },
    { prop: 'hostPhone', label: 'property.hostPhone', hideInTable: true, form: { span: 12 } },
    {
      prop: 'visitDate',
      label: 'property.visitDate',
      // a calendar day (`yyyy-MM-dd`), not a moment
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <DatePicker style={{ width: '100%' }} data-testid={testId} disabled={disabled} />
        ),
        itemProps: {
          getValueProps: (v: unknown) => ({ value: v ? dayjs(v as string) : undefined }),
          normalize: (v: Dayjs | null) => (v ? v.format('YYYY-MM-DD') : v),
        },
      },
    },
    { prop: 'reason', label: 'property.visitReason', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'carNumber', label: 'property.carNumber', hideInTable: true, form: { span: 12 } },
    {
      prop: 'status',
      label: 'property.status',
      dict: 'property_visitor_status',
      search: 'select',
      form: false,
      width: 90,
    },
    { prop: 'machineCount', label: 'property.machineCount', form: false, width: 100 },
    { prop: 'createTime', label: 'property.createTime', form: false },
  ],
})
