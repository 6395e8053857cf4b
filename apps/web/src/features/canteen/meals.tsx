import { type MealRow, mealContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 餐次设置: the meals each canteen serves, ordered ahead or on site. */
export default fromContract<MealRow>(mealContract, {
  title: 'canteen.meal',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'mealType', label: 'canteen.mealType', dict: 'canteen_meal_type', search: 'select' },
    { prop: 'mealMode', label: 'canteen.mealMode', dict: 'canteen_meal_mode', search: 'select' },
    { prop: 'startTime', label: 'canteen.startTime' },
    { prop: 'endTime', label: 'canteen.endTime' },
    { prop: 'orderDeadline', label: 'canteen.orderDeadline' },
    { prop: 'price', label: 'canteen.price', money: true },
  ],
})
