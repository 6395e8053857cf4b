import { type PublishRow, publishContract, publishFoodContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteenFoods, canteens } from './sources'
import './i18n'

/** 菜品发布: a canteen's menu for a date and meal, its dishes as lines (price from the food, stock 0 = no limit). */
export default fromContract<PublishRow>(publishContract, {
  title: 'canteen.publish',
  dialogWidth: 900,
  shows: [publishFoodContract.code],
  columns: [
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens, form: { span: 8 } },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'publishDate', label: 'canteen.publishDate', search: 'input', form: { span: 8 } },
    {
      prop: 'mealType',
      label: 'canteen.mealType',
      dict: 'canteen_meal_type',
      search: 'select',
      form: { span: 8 },
    },
    { prop: 'foodCount', label: 'canteen.foodCount', form: false },
    { prop: 'remark', label: 'canteen.remark', ellipsis: true },
  ],
  bill: {
    field: 'foods',
    lineSchema: publishContract.lines?.form,
    columns: [
      {
        prop: 'foodId',
        label: 'canteen.foodName',
        width: 260,
        treeOf: canteenFoods,
        fill: { foodName: 'title', price: 'price' },
      },
      { prop: 'price', label: 'canteen.price', input: 'money', money: true, width: 140 },
      { prop: 'stock', label: 'canteen.stock', input: 'number', min: 0, max: 100000, width: 120 },
      { prop: 'sold', label: 'canteen.sold', input: 'read', width: 100 },
    ],
    totals: [{ prop: 'stock', label: 'canteen.stock' }],
    newLine: () => ({ stock: 0 }),
  },
})
