import { type VisitRow, visitContract } from '@xpark/contract/modules/visitor'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { PersonInput } from '@/components/PersonInput'
import './i18n'

/** The host field: Form.Item hands it `value` and `onChange`, which must reach the person input. */
export function HostInput(props: {
  value?: string
  onChange?: (id: string) => void
  testId?: string
  disabled?: boolean
}) {
  const tr = useTr()
  return <PersonInput {...props} placeholder={tr('visitor.host')} pickLabel={tr('visitor.host')} />
}

/** 访客管理: visits registered for a host and a window; decided on 访客审批. */
export default fromContract<VisitRow>(visitContract, {
  title: 'visitor.list',
  columns: [
    { prop: 'visitorName', label: 'visitor.name', search: 'input', width: 100 },
    { prop: 'visitorPhone', label: 'visitor.phone', width: 130 },
    { prop: 'company', label: 'visitor.company', width: 120 },
    { prop: 'hostName', label: 'visitor.host', width: 100, form: false },
    {
      prop: 'hostId',
      label: 'visitor.host',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <HostInput testId={testId} disabled={disabled} /> },
    },
    { prop: 'visitStart', label: 'visitor.start', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'visitEnd', label: 'visitor.end', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'reason', label: 'visitor.reason', ellipsis: true },
    { prop: 'carNumber', label: 'visitor.car', width: 100, hidden: true },
    { prop: 'faceUrl', label: 'visitor.face', hidden: true },
    {
      prop: 'status',
      label: 'visitor.status',
      dict: 'visit_status',
      search: 'select',
      width: 90,
      form: false,
    },
    { prop: 'area', label: 'visitor.area', width: 110, form: false },
    { prop: 'approverName', label: 'visitor.approver', width: 100, form: false },
    { prop: 'refuseReason', label: 'visitor.refuseReason', form: false, hidden: true },
    { prop: 'arriveTime', label: 'visitor.arriveTime', width: 170, form: false, hidden: true },
    { prop: 'leaveTime', label: 'visitor.leaveTime', width: 170, form: false, hidden: true },
    { prop: 'remark', label: 'visitor.remark', hidden: true },
  ],
})
