import {
  canteenContract,
  canteenTreeCall,
  foodCategoryContract,
  foodContract,
  foodTreeCall,
  publishContract,
  publishTreeCall,
} from '@xpark/contract/modules/canteen'
import { type TreeSource, treeSource } from '@/components/crud'

/** Pickers of the canteen screens. */
export const canteens: TreeSource = { url: canteenTreeCall.path, code: canteenContract.code }
export const categories: TreeSource = treeSource(foodCategoryContract)
/** canteens with their food as leaves (each with its price) */
export const canteenFoods: TreeSource = {
  url: foodTreeCall.path,
  code: foodContract.code,
  leavesOnly: true,
}
/** menus from yesterday on with their dishes as leaves (price, stock, sold) */
export const menuDishes: TreeSource = {
  url: publishTreeCall.path,
  code: publishContract.code,
  leavesOnly: true,
}
