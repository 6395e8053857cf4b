import { REGION_ROOT } from '@xpark/contract/schemas'
import type { Tx } from '../../db/client.js'
import { region } from '../../modules/region/schema.js'

/** A small region set for the demo (one province, three cities, their central districts): no national data set. */
const PROVINCE = { code: '32', name: '江苏省' }
const CITIES = [
  {
    code: '3201',
    name: '南京市',
    districts: [
      ['320102', '玄武区'],
      ['320104', '秦淮区'],
      ['320106', '鼓楼区'],
    ],
  },
  {
    code: '3204',
    name: '常州市',
    districts: [
      ['320402', '天宁区'],
      ['320404', '钟楼区'],
      ['320412', '武进区'],
    ],
  },
  {
    code: '3205',
    name: '苏州市',
    districts: [
      ['320505', '虎丘区'],
      ['320506', '吴中区'],
      ['320508', '姑苏区'],
    ],
  },
] as const

export async function seedRegions(tx: Tx): Promise<void> {
  const province = {
    code: PROVINCE.code,
    parentCode: REGION_ROOT,
    ancestors: REGION_ROOT,
    name: PROVINCE.name,
    provinceCode: PROVINCE.code,
    provinceName: PROVINCE.name,
    regionLevel: 1,
    sort: 1,
  }
  const rows: (typeof region.$inferInsert)[] = [province]
  for (const [i, city] of CITIES.entries()) {
    const cityRow = {
      code: city.code,
      parentCode: PROVINCE.code,
      ancestors: `${REGION_ROOT},${PROVINCE.code}`,
      name: city.name,
      provinceCode: PROVINCE.code,
      provinceName: PROVINCE.name,
      cityCode: city.code,
      cityName: city.name,
      regionLevel: 2,
      sort: i + 1,
    }
    rows.push(cityRow)
    for (const [j, [code, name]] of city.districts.entries())
      rows.push({
        ...cityRow,
        code,
        parentCode: city.code,
        ancestors: `${cityRow.ancestors},${city.code}`,
        name,
        districtCode: code,
        districtName: name,
        regionLevel: 3,
        sort: j + 1,
      })
  }
  await tx.insert(region).values(rows)
}
