import { type CommonFoodRow, commonFoodContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { categories } from './sources'
import './i18n'

/** 常用菜品: food templates any canteen copies from. */
export default fromContract<CommonFoodRow>(commonFoodContract, {
  title: 'canteen.commonFood',
  columns: [
    { prop: 'name', label: 'canteen.foodName', search: 'input' },
    { prop: 'categoryId', label: 'canteen.category', hideInTable: true, treeOf: categories },
    { prop: 'categoryName', label: 'canteen.category', form: false },
    { prop: 'price', label: 'canteen.price', money: true, sortable: true },
    { prop: 'unit', label: 'canteen.unit' },
    { prop: 'picture', label: 'canteen.picture', hideInTable: true },
    { prop: 'description', label: 'canteen.description', ellipsis: true, form: { type: 'textarea' } },
  ],
})
