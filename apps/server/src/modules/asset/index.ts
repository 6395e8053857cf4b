import {
  ASSET_STATUS,
  assetContract,
  assetPlaceContract,
  assetPropertyContract,
  assetTypeContract,
  PLACE_KIND,
} from '@xpark/contract/modules/asset'
import { defineModule, type MenuSeed, menuCodes, resourceScreen } from '../../core/module.js'
import { seedAssetDemo } from './demo.js'
import { ASSET_STATISTICS } from './figures.js'
import { assetPlaces, assetProperties, assets, assetTypes } from './resources.js'
import { registerAssetRoutes } from './routes/assets.js'
import { registerPlaceRoutes } from './routes/places.js'
import * as tables from './schema.js'

/** Assets (spec 02 §7 "Assets"). See docs/modules/storage.md ("Assets"). */

const ASSET_MENUS: MenuSeed[] = [
  {
    code: 'asset_manage',
    name: '资产管理',
    path: '/asset',
    source: 'DesktopOutlined',
    sort: 56,
    children: [
      resourceScreen(assetTypeContract, '资产类型', '/asset/type', 'ApartmentOutlined'),
      resourceScreen(assetPropertyContract, '资产属性', '/asset/property', 'TagsOutlined'),
      resourceScreen(assetContract, '资产台账', '/asset/list', 'DesktopOutlined'),
      resourceScreen(assetPlaceContract, '机房与食堂', '/asset/place', 'EnvironmentOutlined'),
    ],
  },
]

export { assetPlaces } from './resources.js'
export { assetPlace } from './schema.js'

export const assetModule = defineModule({
  name: 'asset',
  tables,
  resources: [assetTypes, assetProperties, assets, assetPlaces],
  menus: ASSET_MENUS,
  product: { name: '资产管理', remark: '资产类型、属性、资产台账与折旧' },
  staff: menuCodes(ASSET_MENUS).filter((c) => !/_(add|edit|delete|import|export)$/.test(c)),
  dicts: [
    {
      code: 'asset_status',
      name: '资产状态',
      entries: [
        [ASSET_STATUS.inStock, '在库'],
        [ASSET_STATUS.inUse, '在用'],
        [ASSET_STATUS.repairing, '维修'],
        [ASSET_STATUS.scrapped, '报废'],
      ],
    },
    {
      code: 'asset_place_kind',
      name: '场所类型',
      entries: [
        [PLACE_KIND.computerRoom, '机房'],
        [PLACE_KIND.canteen, '食堂'],
      ],
    },
  ],
  demo: seedAssetDemo,
  statistics: ASSET_STATISTICS,
  routes: async (api, ctx) => {
    registerAssetRoutes(api, ctx)
    registerPlaceRoutes(api, ctx)
  },
})
