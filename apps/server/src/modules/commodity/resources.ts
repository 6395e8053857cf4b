import {
  COMMODITY_TYPE_STATUS,
  commodityMessageContract,
  commodityOrderContract,
  commodityTypeContract,
  commodityUnitContract,
  ORDER,
  SHELF,
} from '@xpark/contract/modules/commodity'
import { eq, inArray } from 'drizzle-orm'
import { codedTreeResource, defineResource, lookup } from '../../core/crud/index.js'
import { AppError } from '../../core/errors.js'
import { scoped, touched } from '../../core/tenancy.js'
import { listingSheet } from './excel.js'
import { giveBackOrders, priceOrder } from './orders.js'
import * as tables from './schema.js'

const { commodityType, commodityMessage, commodityOrder, commodityOrderItem, commodityUnit } = tables

/** The commodity resources: types (a tree), listings, orders with their lines, units. */

export const commodityTypes = codedTreeResource({
  contract: commodityTypeContract,
  table: commodityType,
  duplicate: '类型编码已存在',
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
