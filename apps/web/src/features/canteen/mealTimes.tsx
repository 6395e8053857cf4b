import { type MealTimeRow, mealTimeContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 用餐时间: when each meal is served. */
export default fromContract<MealTimeRow>(mealTimeContract, {
  title: 'canteen.mealTime',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'mealType', label: 'canteen.mealType', dict: 'canteen_meal_type', search: 'select' },
    { prop: 'startTime', label: 'canteen.startTime' },
    { prop: 'endTime', label: 'canteen.endTime' },
  ],
})
