import { ORDER } from '@xpark/contract/modules/property'
import type { CrudColumn, RowAction } from '@/components/crud'
import { bizDictColumn, communityColumn } from './inputs'
import './i18n'

/** What the repair and cleaning screens share: their columns and which rows may still be edited. */

interface OrderLike {
  status: number
}

/** Only a 待受理 order is edited or removed (the server says so too); every row may be viewed. */
export const orderRowCheck = (row: OrderLike, action: RowAction) =>
  action === 'view' || action === 'copy' || row.status === ORDER.pending

export function orderColumns<T>(typeDict: string, typeLabel: string): CrudColumn<T>[] {
  const p = (name: string) => name as Extract<keyof T, string>
  return [
    communityColumn<T>(),
    bizDictColumn<T>(p('typeKey'), typeLabel, typeDict),
    { prop: p('place'), label: 'property.place', search: 'input' },
    { prop: p('content'), label: 'property.content', ellipsis: true, form: { type: 'textarea' } },
    {
      prop: p('photos'),
      label: 'property.photos',
      hideInTable: true,
      form: { itemProps: { extra: 'property.photosHint' } },
    },
    { prop: p('contactName'), label: 'property.contactName', hideInTable: true, form: { span: 12 } },
    { prop: p('contactPhone'), label: 'property.contactPhone', hideInTable: true, form: { span: 12 } },
    {
      prop: p('appointmentTime'),
      label: 'property.appointmentTime',
      hideInTable: true,
      form: { type: 'date' },
    },
    {
      prop: p('status'),
      label: 'property.status',
      dict: 'property_order_status',
      search: 'select',
      form: false,
      width: 90,
    },
    { prop: p('reporterName'), label: 'property.reporter', form: false, width: 90 },
    { prop: p('workerName'), label: 'property.worker', form: false, width: 90 },
    { prop: p('result'), label: 'property.result', ellipsis: true, form: false },
    { prop: p('score'), label: 'property.score', form: false, width: 70 },
    { prop: p('createTime'), label: 'property.createTime', form: false },
  ]
}
