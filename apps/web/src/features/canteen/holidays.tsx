import { type HolidayRow, holidayContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 节假日: days off (no auto publishing) and make-up working days; imported from Excel. */
export default fromContract<HolidayRow>(holidayContract, {
  title: 'canteen.holiday',
  columns: [
    { prop: 'holidayDate', label: 'canteen.holidayDate', search: 'input' },
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'dayType', label: 'canteen.dayType', dict: 'canteen_day_type', search: 'select' },
  ],
})
