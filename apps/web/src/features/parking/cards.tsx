import { CARD_STATUS, type ParkingCardRow, parkingCardContract } from '@xpark/contract/modules/parking'
import { fromContract } from '@/components/crud'
import { CardSyncActions, SyncStateCell } from './CardSync'
import { FinanceCardSelect, LotSelect } from './selects'
import './i18n'

/** 车辆卡: plate and colour, card type (fixed with validity, temporary, stored value on a finance card), and its sync. */
export default fromContract<ParkingCardRow>(parkingCardContract, {
  title: 'parking.card',
  dialogWidth: 760,
  compactActions: true,
  rowExtraCount: 2,
  // a cancelled card is kept as it was
  rowCheck: (row, action) => action !== 'edit' || row.status !== CARD_STATUS.cancelled,
  rowExtra: (row, ctx) => <CardSyncActions row={row} refresh={ctx.refresh} />,
  columns: [
    { prop: 'plate', label: 'parking.plate', search: 'input', form: { span: 12 } },
    { prop: 'plateColor', label: 'parking.plateColor', dict: 'plate_color', form: { span: 12 } },
    { prop: 'lotName', label: 'parking.lotName', form: false },
    {
      prop: 'lotId',
      label: 'parking.lotName',
      hideInTable: true,
      form: { span: 12, render: ({ testId, disabled }) => <LotSelect testId={testId} disabled={disabled} /> },
    },
    { prop: 'cardType', label: 'parking.cardType', dict: 'card_type', search: 'select', form: { span: 12 } },
    { prop: 'parkingType', label: 'parking.parkingType', dict: 'parking_type', form: { span: 12 } },
    {
      prop: 'vehicleType',
      label: 'parking.vehicleType',
      dict: 'vehicle_type',
      hideInTable: true,
      form: { span: 12 },
    },
    {
      prop: 'vehicleColor',
      label: 'parking.vehicleColor',
      dict: 'vehicle_color',
      hideInTable: true,
      form: { span: 12 },
    },
    { prop: 'validFrom', label: 'parking.validFrom', form: { type: 'date', span: 12 } },
    { prop: 'validTo', label: 'parking.validTo', form: { type: 'date', span: 12 } },
    { prop: 'financeCardNo', label: 'parking.financeCard', form: false },
    {
      prop: 'financeCardId',
      label: 'parking.financeCard',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => <FinanceCardSelect testId={testId} disabled={disabled} />,
      },
    },
    { prop: 'balance', label: 'parking.balance', money: true, form: false },
    { prop: 'holderName', label: 'parking.holderName', form: { span: 12 } },
    { prop: 'phone', label: 'parking.phone', hideInTable: true, form: { span: 12 } },
    { prop: 'status', label: 'parking.status', dict: 'parking_card_status', search: 'select', form: false },
    {
      prop: 'syncState',
      label: 'parking.syncState',
      dict: 'parking_sync_state',
      search: 'select',
      render: (_value, row) => <SyncStateCell row={row} />,
      form: false,
    },
    { prop: 'remark', label: 'parking.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})
