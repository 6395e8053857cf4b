import {
  goodsContract,
  goodsTreeCall,
  supplierContract,
  supplierTreeCall,
  warehouseContract,
  warehouseTreeCall,
} from '@xpark/contract/modules/storage'
import type { TreeSource } from '@/components/crud'

/** The pickers' sources (server: modules/storage/pickers.ts). */
export const warehouseSource: TreeSource = {
  url: warehouseTreeCall.path,
  code: warehouseContract.code,
}
export const supplierSource: TreeSource = { url: supplierTreeCall.path, code: supplierContract.code }
/** classifications with their goods as leaves (each carries unit and price) */
export const goodsSource: TreeSource = {
  url: goodsTreeCall.path,
  code: goodsContract.code,
  leavesOnly: true,
}
