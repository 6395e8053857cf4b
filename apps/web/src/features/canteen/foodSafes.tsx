import { type FoodSafeRow, foodSafeContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 食品安全: inspection records with their pictures. */
export default fromContract<FoodSafeRow>(foodSafeContract, {
  title: 'canteen.foodSafe',
  columns: [
    { prop: 'foodName', label: 'canteen.foodName', search: 'input' },
    { prop: 'checkDate', label: 'canteen.checkDate', form: { type: 'date' }, width: 170 },
    { prop: 'inspector', label: 'canteen.inspector', search: 'input' },
    { prop: 'result', label: 'canteen.result', dict: 'canteen_check_result', search: 'select' },
    { prop: 'pictures', label: 'canteen.pictures', hideInTable: true, form: { type: 'textarea' } },
    { prop: 'remark', label: 'canteen.remark', ellipsis: true },
  ],
})
