import {
  COMMODITY_TYPE_STATUS,
  commodityMessageContract,
  commodityOrderContract,
  commodityTypeContract,
  commodityUnitContract,
  ORDER,
  OrderDateForm,
  SHELF,
} from '@xpark/contract/modules/commodity'
import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { defineResource, lookup, whereOf } from '../../core/crud/index.js'
import { ok, status } from '../../core/envelope.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import { defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { parseDateTime } from '../../core/query/index.js'
import { scoped, touched } from '../../core/tenancy.js'
import { treeNode } from '../../core/tree.js'
import { seedCommodityDemo } from './demo.js'
import { listingSheet } from './excel.js'
import { giveBackOrders, priceOrder } from './orders.js'
import * as tables from './schema.js'
import { orderStatistics, statisticsRange } from './statistics.js'

const { commodityType, commodityMessage, commodityOrder, commodityOrderItem, commodityUnit } = tables

/** Commodities (spec 02 §7 "Commodities"): types, listings, orders. See docs/modules/commodity.md. */

export const commodityTypes = defineResource({
  contract: commodityTypeContract,
  table: commodityType,
  unique: [{ fields: ['code'], message: '类型编码已存在' }],
  expand: { parentName: lookup(commodityType, 'name', 'parentId') },
  inUse: [{ table: commodityMessage, column: 'typeId', message: '该类型下还有商品, 不能删除: {label}' }],
})

export const commodityMessages = defineResource({
  contract: commodityMessageContract,
  table: commodityMessage,
  unique: [{ fields: ['code'], message: '商品编码已存在' }],
  expand: {
    typeName: lookup(commodityType, 'name', 'typeId'),
    typeCode: lookup(commodityType, 'code', 'typeId'),
  },
  excel: listingSheet(commodityType),
  references: { typeId: { to: commodityTypes, message: '商品类型不存在' } },
  actions: {
    changeStatus: {
      guard: async ({ tx, auth, rows, to }) => {
        if (to !== SHELF.on) return
        const typeIds = [...new Set(rows.map((r) => String(r.typeId)))]
        const [disabled] = await tx
          .select({ name: commodityType.name })
          .from(commodityType)
          .where(
            scoped(
              commodityType,
              auth,
              inArray(commodityType.id, typeIds),
              eq(commodityType.status, COMMODITY_TYPE_STATUS.disabled),
            ),
          )
          .limit(1)
        if (disabled) throw new AppError(409, `商品类型已停用, 不能上架: ${disabled.name}`)
      },
    },
  },
})

export const commodityOrders = defineResource({
  contract: commodityOrderContract,
  table: commodityOrder,
  lines: {
    table: commodityOrderItem,
    prepare: priceOrder,
    references: { commodityId: { to: commodityMessages, message: '商品不存在' } },
  },
  readonlyWhen: {
    field: 'status',
    in: [ORDER.paid, ORDER.completed, ORDER.cancelled],
    message: '只有待付款的订单可以修改或删除',
  },
  // a removed order (still placed: see readonlyWhen) gives its stock back
  beforeRemove: ({ tx, auth, ids }) => giveBackOrders(tx, auth, ids),
  actions: {
    pay: {
      run: async ({ tx, auth, rows }) => {
        await tx
          .update(commodityOrder)
          .set(touched(commodityOrder, auth, { payTime: new Date() }) as never)
          .where(
            inArray(
              commodityOrder.id,
              rows.map((r) => String(r.id)),
            ),
          )
      },
    },
    cancel: {
      run: ({ tx, auth, rows }) =>
        giveBackOrders(
          tx,
          auth,
          rows.map((r) => String(r.id)),
        ),
    },
  },
})

export const commodityUnits = defineResource({
  contract: commodityUnitContract,
  table: commodityUnit,
  unique: [{ fields: ['code'], message: '单位编码已存在' }],
})

const SHOP_MENUS = [
  {
    code: 'commodity',
    name: '商品管理',
    path: '/commodity',
    source: 'ShopOutlined',
    sort: 50,
    children: [
      resourceScreen(commodityTypeContract, '商品类型', '/commodity/type', 'AppstoreOutlined'),
      resourceScreen(commodityMessageContract, '商品信息', '/commodity/message', 'TagsOutlined'),
      resourceScreen(commodityOrderContract, '商品订单', '/commodity/order', 'ShoppingCartOutlined'),
      resourceScreen(commodityUnitContract, '商品单位', '/commodity/unit', 'NumberOutlined'),
      {
        code: 'commodity_dashboard',
        name: '商品看板',
        path: '/commodity/dashboard',
        source: 'DashboardOutlined',
      },
    ],
  },
]

export const commodityModule = defineModule({
  name: 'commodity',
  tables,
  resources: [commodityTypes, commodityMessages, commodityOrders, commodityUnits],
  menus: SHOP_MENUS,
  product: { name: '商品管理', remark: '商品类型、商品信息与商品订单' },
  // park staff look, they do not change
  staff: menuCodes(SHOP_MENUS).filter(
    (c) => !/_(add|edit|delete|status|shelf|pay|complete|cancel|import|export)$/.test(c),
  ),
  dicts: [
    {
      code: 'commodity_type_status',
      name: '商品类型状态',
      entries: [
        [0, '停用'],
        [1, '启用'],
      ],
    },
    {
      code: 'commodity_shelf_status',
      name: '商品上架状态',
      entries: [
        [0, '已下架'],
        [1, '已上架'],
      ],
    },
    {
      code: 'commodity_order_status',
      name: '商品订单状态',
      entries: [
        [1, '待付款'],
        [2, '已付款'],
        [3, '已完成'],
        [4, '已取消'],
      ],
    },
  ],
  demo: seedCommodityDemo,
  routes: async (api, ctx) => {
    const db = ctx.database.db
    const tags = ['commodityMessage']

    // the shop's tree: enabled types with their listings (on the shelf only, unless all=1), for pickers
    api.get(
      '/commodityMessage/tree',
      {
        schema: {
          tags,
          summary:
            'commodityMessage: types with their listings as a tree (TreeNode; listings carry their price)',
          querystring: z.object({ all: z.enum(['0', '1']).optional() }),
        },
        config: { permission: commodityMessageContract.permissions.view },
        preHandler: [api.scopes.api.guard],
      },
      async (request) => {
        const auth = authOf(request)
        const types = await db
          .select({ id: commodityType.id, parentId: commodityType.parentId, name: commodityType.name })
          .from(commodityType)
          .where(await whereOf(commodityTypes, auth, eq(commodityType.status, COMMODITY_TYPE_STATUS.enabled)))
          .orderBy(asc(commodityType.sort), asc(commodityType.id))
        const listings = await db
          .select({
            id: commodityMessage.id,
            typeId: commodityMessage.typeId,
            name: commodityMessage.name,
            price: commodityMessage.price,
            stock: commodityMessage.stock,
          })
          .from(commodityMessage)
          .where(
            await whereOf(
              commodityMessages,
              auth,
              request.query.all === '1' ? undefined : eq(commodityMessage.status, SHELF.on),
            ),
          )
          .orderBy(asc(commodityMessage.sort), asc(commodityMessage.id))
        const nodes = new Map(
          types.map((t) => [t.id, { ...treeNode(t.id, t.parentId, t.name), children: [] as unknown[] }]),
        )
        const roots: unknown[] = []
        for (const t of types) {
          const node = nodes.get(t.id)!
          const parent = nodes.get(t.parentId)
          if (parent) {
            parent.children.push(node)
            parent.hasChildren = true
          } else roots.push(node)
        }
        for (const l of listings) {
          const parent = nodes.get(l.typeId)
          if (!parent) continue
          parent.children.push({
            ...treeNode(l.id, l.typeId, l.name),
            isLeaf: true,
            price: l.price,
            stock: l.stock,
          })
          parent.hasChildren = true
        }
        return ok(roots)
      },
    )

    // the shop dashboard's figures (orders the caller may see)
    api.get(
      '/blade-commodityOrders/commodityOrders/statistics',
      {
        schema: {
          tags: ['commodityOrders'],
          summary:
            'commodityOrders: orders, revenue, items sold per day and state, best sellers, for a time range',
          querystring: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
        },
        config: { permission: commodityOrderContract.permissions.view },
        preHandler: [api.scopes.api.guard],
      },
      async (request) => {
        const auth = authOf(request)
        const { start, end } = statisticsRange(request.query)
        return ok(await orderStatistics(db, auth, await whereOf(commodityOrders, auth), start, end))
      },
    )

    // saveDate: set an order's delivery time while it is not completed or cancelled
    const orderWhere = (auth: Parameters<typeof whereOf>[1], id: string) =>
      whereOf(commodityOrders, auth, eq(commodityOrder.id, id))
    api.post(
      '/blade-commodityOrders/commodityOrders/saveDate',
      {
        schema: {
          tags: ['commodityOrders'],
          summary: 'commodityOrders: set or clear the delivery time (placed or paid orders)',
          body: OrderDateForm,
        },
        config: { permission: commodityOrderContract.permissions.edit },
        preHandler: [api.scopes.api.guard],
      },
      async (request) => {
        const auth = authOf(request)
        const { id, deliveryTime } = request.body
        const where = await orderWhere(auth, id)
        await db.transaction(async (tx) => {
          const [order] = await tx
            .select({ status: commodityOrder.status })
            .from(commodityOrder)
            .where(where)
            .for('update')
          if (!order) throw notFound('数据不存在')
          if (order.status !== ORDER.placed && order.status !== ORDER.paid)
            throw new AppError(409, '已完成或已取消的订单不能修改配送时间')
          const at = deliveryTime ? parseDateTime(deliveryTime) : null
          if (deliveryTime && !at) throw badRequest('参数校验失败: deliveryTime: yyyy-MM-dd HH:mm:ss')
          await tx
            .update(commodityOrder)
            .set(touched(commodityOrder, auth, { deliveryTime: at }) as never)
            .where(where)
        })
        return status(true)
      },
    )
  },
})
