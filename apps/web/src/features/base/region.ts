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
