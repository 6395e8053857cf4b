import { type FoodCategoryRow, foodCategoryContract } from '@xpark/contract/modules/canteen'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 菜品分类: a tree of categories. */
export default fromContract<FoodCategoryRow>(foodCategoryContract, {
  title: 'canteen.category',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input', width: 220 },
    {
      prop: 'parentId',
      label: 'canteen.parent',
      hideInTable: true,
      treeOf: treeSource(foodCategoryContract, { root: true }),
    },
    { prop: 'sort', label: 'canteen.sort', width: 80 },
    { prop: 'remark', label: 'canteen.remark', ellipsis: true },
  ],
})
