import { type FoodRow, foodContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens, categories } from './sources'
import './i18n'

/** 菜品管理: each canteen's food with its category and price. */
export default fromContract<FoodRow>(foodContract, {
  title: 'canteen.food',
  columns: [
    { prop: 'name', label: 'canteen.foodName', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'categoryId', label: 'canteen.category', hideInTable: true, treeOf: categories },
    { prop: 'categoryName', label: 'canteen.category', form: false },
    { prop: 'price', label: 'canteen.price', money: true, sortable: true },
    { prop: 'unit', label: 'canteen.unit' },
    { prop: 'sort', label: 'canteen.sort', hidden: true },
    { prop: 'picture', label: 'canteen.picture', hideInTable: true },
    { prop: 'description', label: 'canteen.description', ellipsis: true, form: { type: 'textarea' } },
  ],
})
