import { type CurrentVehicleRow, currentVehicleContract } from '@xpark/contract/modules/parking'
import { fromContract } from '@/components/crud'
import './i18n'

/** 在场车辆: one row per car inside (its stay), read-only: the gates write them. */
export default fromContract<CurrentVehicleRow>(currentVehicleContract, {
  title: 'parking.vehicle',
  dateField: 'entryTime',
  columns: [
    { prop: 'plate', label: 'parking.plate', search: 'input' },
    { prop: 'plateColor', label: 'parking.plateColor', dict: 'plate_color' },
    { prop: 'lotName', label: 'parking.lotName' },
    { prop: 'entryTime', label: 'parking.entryTime' },
    { prop: 'entryGateName', label: 'parking.entryGate' },
    { prop: 'cardType', label: 'parking.cardType', dict: 'card_type', search: 'select' },
    { prop: 'minutes', label: 'parking.minutes' },
  ],
})
