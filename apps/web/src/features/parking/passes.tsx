import { type PassRecordRow, passRecordContract } from '@xpark/contract/modules/parking'
import { fromContract } from '@/components/crud'
import { RemoteOpenButton } from './RemoteOpen'
import './i18n'

/** 过车记录: every decision a gate got (read-only), and 远程开闸 from the toolbar. */
export default fromContract<PassRecordRow>(passRecordContract, {
  title: 'parking.pass',
  dateField: 'passTime',
  pageSizes: 'long',
  toolbarExtra: ({ refresh }) => <RemoteOpenButton refresh={refresh} />,
  columns: [
    { prop: 'passTime', label: 'parking.passTime' },
    { prop: 'plate', label: 'parking.plate', search: 'input' },
    { prop: 'plateColor', label: 'parking.plateColor', dict: 'plate_color' },
    { prop: 'lotName', label: 'parking.lotName' },
    { prop: 'gateName', label: 'parking.gate' },
    { prop: 'direction', label: 'parking.passDirection', dict: 'pass_direction', search: 'select' },
    { prop: 'passType', label: 'parking.passType', dict: 'pass_type', search: 'select' },
    { prop: 'releaseMode', label: 'parking.releaseMode', dict: 'release_mode', search: 'select' },
    { prop: 'released', label: 'parking.released', dict: 'parking_released', search: 'select' },
    { prop: 'entryTime', label: 'parking.entryTime' },
    { prop: 'durationMinutes', label: 'parking.duration' },
    { prop: 'fee', label: 'parking.fee', money: true },
    { prop: 'paid', label: 'parking.paid', money: true },
    { prop: 'cardType', label: 'parking.cardType', dict: 'card_type' },
    { prop: 'reason', label: 'parking.reason', ellipsis: true },
    { prop: 'createUserName', label: 'parking.operator' },
  ],
})
