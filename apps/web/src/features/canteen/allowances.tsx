import { type AllowanceRow, allowanceContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 餐补设置: meal allowances per canteen and meal. */
export default fromContract<AllowanceRow>(allowanceContract, {
  title: 'canteen.allowance',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'mealType', label: 'canteen.mealType', dict: 'canteen_meal_type', search: 'select' },
    { prop: 'amount', label: 'canteen.amount', money: true },
    { prop: 'remark', label: 'canteen.remark', ellipsis: true },
  ],
})
