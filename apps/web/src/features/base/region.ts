import type { TreeNode } from '@xpark/contract/schemas'
import { getData, postData } from '@/api/http'

/** parent_code of a province (contract `REGION_ROOT`; kept here so the screen does not pull zod). */
export const REGION_ROOT = '00'

/** A `blade_region` row as `region/detail` answers it. */
export interface Region {
  code: string
  parentCode: string
  parentName?: string
  name: string
  regionLevel: 1 | 2 | 3 | 4 | 5
  sort?: number
  remark?: string
}

export const regionApi = {
  /** one level of the tree under a parent code */
  children: (parentCode: string) => getData<TreeNode[]>('blade-system/region/lazy-tree', { parentCode }),
  detail: (code: string) => getData<Region>('blade-system/region/detail', { code }),
  /** insert, or update when the code exists */
  submit: (region: Omit<Region, 'parentName'>) => postData('blade-system/region/submit', undefined, region),
  remove: (code: string) => postData('blade-system/region/remove', { id: code }),
}
