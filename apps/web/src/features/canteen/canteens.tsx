import { type CanteenRow, canteenContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 食堂设置: the canteens and their automatic publishing. */
export default fromContract<CanteenRow>(canteenContract, {
  title: 'canteen.canteen',
  columns: [
    { prop: 'name', label: 'canteen.canteenName', search: 'input' },
    { prop: 'address', label: 'canteen.address', ellipsis: true },
    {
      prop: 'autoPublish',
      label: 'canteen.autoPublish',
      options: [
        { label: 'canteen.no', value: 0 },
        { label: 'canteen.yes', value: 1 },
      ],
    },
    { prop: 'orderAheadDays', label: 'canteen.orderAheadDays' },
    { prop: 'remark', label: 'canteen.remark', ellipsis: true },
  ],
})
