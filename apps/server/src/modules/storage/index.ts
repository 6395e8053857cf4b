import {
  classificationContract,
  goodsContract,
  initStockContract,
  inventoryContract,
  measurementContract,
  storageBillContract,
  storageCardContract,
  supplierContract,
  supplierSortContract,
  warehouseContract,
} from '@xpark/contract/modules/storage'
import { button, defineModule, type MenuSeed, menuCodes, resourceScreen } from '../../core/module.js'
import { seedStorageDemo } from './demo.js'
import { STORAGE_STATISTICS } from './figures.js'
import { STORAGE_RESOURCES } from './resources.js'
import { storageRoutes } from './routes.js'
import * as tables from './schema.js'

/** Storage and inventory (spec 02 §7). See docs/modules/storage.md. */

/** What other modules may use: the warehouses (assets stand in them) and their table. */
export { warehouses } from './resources.js'
export { storageWarehouse } from './schema.js'

const STORAGE_MENUS: MenuSeed[] = [
  {
    code: 'storage',
    name: '仓储管理',
    path: '/storage',
    source: 'InboxOutlined',
    sort: 55,
    children: [
      resourceScreen(warehouseContract, '仓库管理', '/storage/warehouse', 'HomeOutlined'),
      resourceScreen(classificationContract, '物品分类', '/storage/classification', 'ApartmentOutlined'),
      resourceScreen(goodsContract, '物品信息', '/storage/goods', 'GiftOutlined'),
      resourceScreen(measurementContract, '计量单位', '/storage/measurement', 'NumberOutlined'),
      resourceScreen(supplierSortContract, '供应商分类', '/storage/supplier-sort', 'ClusterOutlined'),
      resourceScreen(supplierContract, '供应商', '/storage/supplier', 'ShopOutlined'),
      resourceScreen(storageBillContract, '出入库单', '/storage/bill', 'FileTextOutlined', [
        button('storage_bill_import', '导入', 1),
      ]),
      resourceScreen(storageCardContract, '库存卡', '/storage/card', 'IdcardOutlined'),
      resourceScreen(initStockContract, '期初库存', '/storage/init', 'FlagOutlined'),
      resourceScreen(inventoryContract, '库存盘点', '/storage/inventory', 'AuditOutlined', [
        button('storage_inventory_create_bill', '生成盘点单', 2),
        button('storage_inventory_audit_profit', '盘盈审核', 2),
        button('storage_inventory_audit_losses', '盘亏审核', 2),
      ]),
      {
        code: 'storage_stock',
        name: '库存查询',
        path: '/storage/stock',
        source: 'DatabaseOutlined',
        children: [button('storage_stock_export', '导出', 1)],
      },
      { code: 'storage_summary', name: '物品汇总', path: '/storage/summary', source: 'BarChartOutlined' },
      { code: 'storage_overdue', name: '过期库存', path: '/storage/overdue', source: 'WarningOutlined' },
      { code: 'storage_ledger', name: '出入库记录', path: '/storage/ledger', source: 'HistoryOutlined' },
      {
        code: 'storage_dashboard',
        name: '仓储看板',
        path: '/storage/dashboard',
        source: 'DashboardOutlined',
      },
    ],
  },
]

export const storageModule = defineModule({
  name: 'storage',
  tables,
  resources: STORAGE_RESOURCES,
  menus: STORAGE_MENUS,
  product: { name: '仓储管理', remark: '仓库、物品、供应商、出入库单、盘点与库存统计' },
  // park staff look, they do not change
  staff: menuCodes(STORAGE_MENUS).filter(
    (c) =>
      !/_(add|edit|delete|import|export|submit|check|return|create_bill|audit_profit|audit_losses)$/.test(c),
  ),
  // settlement_mode and procured_type are the system seed's (compose/seed/dicts.ts)
  dicts: [
    {
      code: 'storage_bill_type',
      name: '单据类型',
      entries: [
        [1, '入库单'],
        [2, '出库单'],
        [3, '移库单'],
      ],
    },
    {
      code: 'storage_bill_status',
      name: '单据状态',
      entries: [
        [0, '草稿'],
        [1, '已提交'],
        [2, '已审核'],
        [3, '已退回'],
      ],
    },
    {
      code: 'storage_inventory_status',
      name: '盘点状态',
      entries: [
        [0, '未开始'],
        [1, '盘点中'],
        [2, '已完成'],
      ],
    },
    {
      code: 'storage_audit_status',
      name: '审核状态',
      entries: [
        [0, '待审核'],
        [1, '已审核'],
      ],
    },
    {
      code: 'storage_init_status',
      name: '期初状态',
      entries: [
        [0, '草稿'],
        [1, '已入库'],
      ],
    },
    {
      code: 'storage_ledger_kind',
      name: '库存变动类型',
      entries: [
        [1, '入库'],
        [2, '出库'],
        [3, '移出'],
        [4, '移入'],
        [5, '退回'],
        [6, '盘盈'],
        [7, '盘亏'],
        [8, '期初'],
      ],
    },
  ],
  demo: seedStorageDemo,
  statistics: STORAGE_STATISTICS,
  routes: storageRoutes,
})
