import { type OrderFoodRow, orderFoodContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 菜品评价: the dishes ordered and their scores (a score is all one changes here). */
export default fromContract<OrderFoodRow>(orderFoodContract, {
  title: 'canteen.orderFood',
  columns: [
    { prop: 'foodName', label: 'canteen.foodName', search: 'input', form: false },
    { prop: 'price', label: 'canteen.price', money: true, form: false },
    { prop: 'quantity', label: 'canteen.quantity', form: false },
    { prop: 'amount', label: 'canteen.amount', money: true, form: false },
    {
      prop: 'score',
      label: 'canteen.score',
      search: 'select',
      options: [1, 2, 3, 4, 5].map((v) => ({ label: String(v), value: v })),
    },
    { prop: 'comment', label: 'canteen.comment', ellipsis: true },
    { prop: 'createTime', label: 'canteen.createTime', form: false, width: 170 },
  ],
})
