import { goodsContract, supplierContract, warehouseContract } from '@xpark/contract/modules/storage'
import type { TreeSource } from '@/components/crud'

/** The pickers' sources (server: modules/storage/pickers.ts). */
export const warehouseSource: TreeSource = {
  url: 'park-storage/warehouse/tree',
  code: warehouseContract.code,
}
export const supplierSource: TreeSource = { url: 'park-storage/supplier/tree', code: supplierContract.code }
/** classifications with their goods as leaves (each carries unit and price) */
export const goodsSource: TreeSource = {
  url: 'park-storage/goods/tree',
  code: goodsContract.code,
  leavesOnly: true,
}
