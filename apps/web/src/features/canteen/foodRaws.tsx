import { type FoodRawRow, foodRawContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteenFoods } from './sources'
import './i18n'

/** 食材溯源: the raw materials that went into each dish. */
export default fromContract<FoodRawRow>(foodRawContract, {
  title: 'canteen.foodRaw',
  columns: [
    { prop: 'foodId', label: 'canteen.foodName', hideInTable: true, treeOf: canteenFoods },
    { prop: 'foodName', label: 'canteen.foodName', form: false },
    { prop: 'rawName', label: 'canteen.rawName', search: 'input' },
    { prop: 'supplier', label: 'canteen.supplier', search: 'input' },
    { prop: 'origin', label: 'canteen.origin' },
    { prop: 'batchNo', label: 'canteen.batchNo', search: 'input' },
    { prop: 'purchaseDate', label: 'canteen.purchaseDate', form: { type: 'date' }, width: 170 },
    { prop: 'inspectResult', label: 'canteen.inspectResult' },
    { prop: 'remark', label: 'canteen.remark', hidden: true },
  ],
})
