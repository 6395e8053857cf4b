import { z } from 'zod'
import { defineCall } from '../calls.js'
import {
  cents,
  choice,
  code,
  dateTime,
  link,
  optionalText,
  reference,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { codedTreeContract } from '../presets.js'
import { doneReply, treeNodeReply } from '../replies.js'

/**
 * Commodities (spec 02 §7 "Commodities", §4): a park shop's commodity types (a tree), its listings
 * put on and off the shelf, and the orders placed for them. Money is integer cents.
 * See docs/modules/commodity.md.
 */

/** Commodity type status: 1 enabled, 0 disabled (dict `commodity_type_status`). */
export const COMMODITY_TYPE_STATUS = { enabled: 1, disabled: 0 } as const
/** Listing shelf status: 0 off the shelf (new listings start here), 1 on the shelf (dict `commodity_shelf_status`). */
export const SHELF = { off: 0, on: 1 } as const
/** Order states (dict `commodity_order_status`). */
export const ORDER = { placed: 1, paid: 2, completed: 3, cancelled: 4 } as const

const statusInput = z.object({
  status: choice('status must be 0 or 1', 0, 1),
})

/** 商品类型: the coded tree-category preset, with a picture and an enabled state of its own. */
export const commodityTypeContract = codedTreeContract({
  path: 'commodityType',
  code: 'commodity_type',
  noun: 'type',
  form: { picture: link('picture') },
  row: { picture: wire.text, status: wire.number },
  filters: { status: 'eq' },
  actions: {
    changeStatus: {
      name: '启用停用',
      permission: 'commodity_type_status',
      state: 'status',
      input: statusInput,
      transitions: [
        {
          label: 'commodity.enable',
          from: [0],
          to: 1,
          when: { status: 1 },
          confirm: 'commodity.enableConfirm',
        },
        {
          label: 'commodity.disable',
          from: [1],
          to: 0,
          when: { status: 0 },
          confirm: 'commodity.disableConfirm',
          danger: true,
        },
      ],
    },
  },
})

export const commodityMessageContract = defineContract({
  path: 'commodityMessage',
  code: 'commodity_message',
  form: z.object({
    typeId: reference('please select commodity type'),
    code: code('please enter commodity code'),
    name: requiredText('please enter commodity name', 64),
    picture: link('picture'),
    price: cents('price'),
    stock: wholeNumber('stock'),
    unit: optionalText('unit', 16),
    specification: optionalText('specification', 64),
    sort,
    description: optionalText('description', 2000),
  }),
  row: z.object({
    id: wire.id,
    typeId: wire.id,
    typeName: wire.optionalText,
    typeCode: wire.optionalText,
    code: wire.text,
    name: wire.text,
    picture: wire.text,
    price: wire.number,
    stock: wire.number,
    unit: wire.text,
    specification: wire.text,
    sort: wire.number,
    description: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { name: 'like', code: 'like', typeId: 'eq', status: 'eq' },
  sorts: ['sort', 'code', 'name', 'price', 'stock', 'createTime'],
  // `tree` is the shop's tree (types with their listings), written by the module
  routes: { list: false },
  excel: { export: 'export-commodity', template: 'export-template', import: 'import-commodity' },
  actions: {
    changeStatus: {
      name: '上架下架',
      permission: 'commodity_message_shelf',
      state: 'status',
      input: statusInput,
      transitions: [
        { label: 'commodity.onShelf', from: [SHELF.off], to: SHELF.on, when: { status: 1 } },
        { label: 'commodity.offShelf', from: [SHELF.on], to: SHELF.off, when: { status: 0 }, danger: true },
      ],
    },
  },
})

const orderLine = z.object({
  commodityId: reference('please select commodity'),
  quantity: wholeNumber('quantity', 1, 9999),
})

export const commodityOrderContract = defineContract({
  path: 'blade-commodityOrders/commodityOrders',
  code: 'commodity_order',
  label: 'orderNo',
  form: z.object({
    buyerName: requiredText('please enter buyer name', 64),
    buyerPhone: optionalText('buyerPhone', 20),
    address: optionalText('address', 255),
    deliveryTime: dateTime('deliveryTime'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    orderNo: wire.text,
    buyerName: wire.text,
    buyerPhone: wire.text,
    address: wire.text,
    deliveryTime: wire.optionalDate,
    remark: wire.text,
    totalAmount: wire.number,
    itemCount: wire.number,
    status: wire.number,
    orderTime: wire.date,
    payTime: wire.optionalDate,
    /** the partner channel (a report partner's code; '' none) */
    channel: wire.text,
    createTime: wire.date,
  }),
  filters: { orderNo: 'like', buyerName: 'like', buyerPhone: 'like', status: 'eq', orderTime: 'eq' },
  sorts: ['orderNo', 'orderTime', 'totalAmount', 'status'],
  routes: {
    list: false,
    update: false,
    // placing an order (the shop's own call); the console's 新增 places one too
    save: 'saveOrder',
    // a client sends its submit under /api as well (spec 02 §7)
    submit: { path: 'submit', also: ['/api/blade-commodityOrders/commodityOrders/submit'] },
  },
  lines: {
    field: 'items',
    key: 'orderId',
    form: orderLine,
    row: z.object({
      id: wire.id,
      orderId: wire.id,
      commodityId: wire.id,
      commodityName: wire.text,
      price: wire.number,
      quantity: wire.number,
      amount: wire.number,
    }),
    max: 200,
  },
  actions: {
    pay: {
      name: '确认收款',
      permission: 'commodity_order_pay',
      state: 'status',
      transitions: [
        { label: 'commodity.pay', from: [ORDER.placed], to: ORDER.paid, confirm: 'commodity.payConfirm' },
      ],
    },
    complete: {
      name: '完成',
      permission: 'commodity_order_complete',
      state: 'status',
      transitions: [
        {
          label: 'commodity.complete',
          from: [ORDER.paid],
          to: ORDER.completed,
          confirm: 'commodity.completeConfirm',
        },
      ],
    },
    cancel: {
      name: '取消',
      permission: 'commodity_order_cancel',
      state: 'status',
      transitions: [
        {
          label: 'commodity.cancel',
          from: [ORDER.placed, ORDER.paid],
          to: ORDER.cancelled,
          confirm: 'commodity.cancelConfirm',
          danger: true,
        },
      ],
    },
  },
})

/** `saveDate`: set (or clear) an order's delivery time. */
export const OrderDateForm = z.object({
  id: reference('must be a 64-bit id'),
  deliveryTime: dateTime('deliveryTime'),
})

export const orderDateCall = defineCall({
  path: 'blade-commodityOrders/commodityOrders/saveDate',
  method: 'POST',
  in: 'body',
  permission: commodityOrderContract.permissions.edit,
  params: OrderDateForm,
  reply: doneReply,
  summary: 'commodityOrders: set or clear the delivery time (placed or paid orders)',
})

/** Units a shop sells by (瓶, 盒, 包…). */
export const commodityUnitContract = defineContract({
  path: 'commodityUnit',
  code: 'commodity_unit',
  form: z.object({
    code: code('please enter unit code', 16),
    name: requiredText('please enter unit name', 16),
    remark: optionalText('remark', 255),
  }),
  row: z.object({ id: wire.id, code: wire.text, name: wire.text, remark: wire.text, createTime: wire.date }),
  filters: { code: 'like', name: 'like' },
})

/** The shop's tree for pickers: enabled types with their listings (on the shelf only, unless all=1). */
export const shopTreeCall = defineCall({
  path: 'commodityMessage/tree',
  method: 'GET',
  permission: commodityMessageContract.permissions.view,
  params: z.object({ all: z.enum(['0', '1']).optional() }),
  // a listing's node carries its price (cents) and stock
  reply: z.array(treeNodeReply),
  summary: 'commodityMessage: types with their listings as a tree (TreeNode; listings carry their price)',
})

/** 商品品牌: the brands of the shop's catalogue (code unique in the park). */
export const commodityBrandContract = defineContract({
  path: 'commodityBrand',
  code: 'commodity_brand',
  form: z.object({
    code: code('please enter brand code', 16),
    name: requiredText('please enter brand name', 32),
    remark: optionalText('remark', 255),
  }),
  row: z.object({ id: wire.id, code: wire.text, name: wire.text, remark: wire.text, createTime: wire.date }),
  filters: { code: 'like', name: 'like' },
  screen: {
    parent: 'commodity',
    name: '商品品牌',
    en: 'Brands',
    path: '/commodity/brand',
    icon: 'CrownOutlined',
  },
})

export type CommodityBrandRow = z.infer<typeof commodityBrandContract.row>
export type CommodityUnitRow = z.infer<typeof commodityUnitContract.row>
export type CommodityTypeRow = z.infer<typeof commodityTypeContract.row>
export type CommodityMessageRow = z.infer<typeof commodityMessageContract.row>
export type CommodityOrderRow = z.infer<typeof commodityOrderContract.row>
export type CommodityOrderLine = z.infer<NonNullable<typeof commodityOrderContract.lines>['row']>
