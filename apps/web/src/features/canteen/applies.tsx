import { type OrderApplyRow, orderApplyContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 订餐申请: meal applications approved or refused by the canteen. */
export default fromContract<OrderApplyRow>(orderApplyContract, {
  title: 'canteen.apply',
  columns: [
    { prop: 'applicant', label: 'canteen.applicant', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'applyDate', label: 'canteen.applyDate' },
    { prop: 'mealType', label: 'canteen.mealType', dict: 'canteen_meal_type' },
    { prop: 'quantity', label: 'canteen.quantity' },
    { prop: 'reason', label: 'canteen.reason', ellipsis: true },
    { prop: 'status', label: 'canteen.status', dict: 'canteen_apply_status', search: 'select', form: false },
  ],
})
