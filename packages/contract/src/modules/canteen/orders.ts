import { z } from 'zod'
import { choice, code, day, optionalText, reference, requiredText, wholeNumber, wire } from '../../fields.js'
import { defineContract } from '../../kit.js'
import { audit, mealType } from './food.js'

/** Orders paid from a stored-value card, their food and scores, order applications. */

const orderLineRow = z.object({
  id: wire.id,
  orderId: wire.id,
  publishFoodId: wire.id,
  foodId: wire.id,
  foodName: wire.text,
  price: wire.number,
  quantity: wire.number,
  amount: wire.number,
  score: wire.number,
  comment: wire.text,
})

export const orderContract = defineContract({
  path: 'andchu/order',
  code: 'canteen_order',
  label: 'orderNo',
  form: z.object({
    /** the menu; when absent, the dishes' menu */
    publishId: reference('please select publish').optional(),
    cardNo: code('please enter card number', 32),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    orderNo: wire.text,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    publishId: wire.id,
    cardId: wire.id,
    cardNo: wire.text,
    userName: wire.text,
    orderDate: wire.text,
    mealType: wire.number,
    totalFee: wire.number,
    payPrice: wire.number,
    refundFee: wire.number,
    remark: wire.text,
    payTime: wire.optionalDate,
    /** the partner channel (a report partner's code; '' none) */
    channel: wire.text,
    ...audit,
  }),
  filters: {
    orderNo: 'like',
    canteenId: 'eq',
    cardNo: 'like',
    userName: 'like',
    orderDate: 'eq',
    mealType: 'eq',
    status: 'eq',
  },
  sorts: ['orderDate', 'totalFee', 'createTime'],
  routes: { list: false, save: false, update: false },
  lines: {
    field: 'foods',
    key: 'orderId',
    form: z.object({
      publishFoodId: reference('please select food'),
      quantity: wholeNumber('quantity', 1, 99),
    }),
    row: orderLineRow,
    max: 50,
  },
})

/** POST submit: place an order, paid from the card. */
export const OrderForm = orderContract.form.extend({
  foods: z
    .array(
      z.object({ publishFoodId: reference('please select food'), quantity: wholeNumber('quantity', 1, 99) }),
    )
    .max(50),
})

/** POST refundOrderBy: refund `payPrice` cents of an order (`refundNo` makes a retry the same refund). */
export const RefundForm = z.object({
  orderId: reference('orderId is required'),
  payPrice: wholeNumber('payPrice', 1, 10_000_000_000),
  refundNo: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,64}$/, 'refundNo is invalid')
    .optional(),
})

export const orderFoodContract = defineContract({
  path: 'andchu/order/food',
  code: 'canteen_order_food',
  label: 'foodName',
  form: z.object({
    score: wholeNumber('score', 1, 5),
    comment: optionalText('comment', 255),
  }),
  row: orderLineRow.extend({ createTime: wire.date }),
  filters: { foodName: 'like', orderId: 'eq', foodId: 'eq', score: 'eq' },
  routes: { page: false, save: false, update: false },
})

/** An application for meals (guests, overtime): approved or refused by the canteen. */
export const orderApplyContract = defineContract({
  path: 'andchu/orderApply',
  code: 'canteen_order_apply',
  label: 'applicant',
  form: z.object({
    canteenId: reference('please select canteen'),
    applicant: requiredText('please enter applicant', 32),
    applyDate: day('applyDate'),
    mealType,
    quantity: wholeNumber('quantity', 1, 1000),
    reason: optionalText('reason', 255),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    applicant: wire.text,
    applyDate: wire.text,
    mealType: wire.number,
    quantity: wire.number,
    reason: wire.text,
    ...audit,
  }),
  filters: { applicant: 'like', canteenId: 'eq', applyDate: 'eq', status: 'eq' },
  routes: {
    page: { path: 'page', also: ['/andchu/order/apply'] },
    submit: { path: 'submit', also: ['/andchu/order/apply'] },
  },
  actions: {
    audit: {
      name: '审批',
      state: 'status',
      input: z.object({ status: choice('status: 1 or 2', 1, 2) }),
      transitions: [
        { label: 'canteen.approve', from: [0], to: 1, when: { status: 1 } },
        { label: 'canteen.reject', from: [0], to: 2, when: { status: 2 }, danger: true },
      ],
    },
  },
})

/** POST cardExist (no token): whether a card number exists in a tenant. */
export const CardExistForm = z.object({
  cardNo: z.string().min(1).max(32),
  tenantId: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
})

// —— the module's hand-written routes (issue 27): declared once, registered by the server's
// canteen/routes/*.ts, called by the console's canteen screens ——

/** The filters of the orders' statistics (default: the last 30 days). */
export const StatisticQuery = z.object({
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  canteenId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  mealType: z.coerce.number().int().min(1).max(4).optional(),
})

export type OrderRow = z.infer<typeof orderContract.row>
export type OrderFoodRow = z.infer<typeof orderFoodContract.row>
export type OrderApplyRow = z.infer<typeof orderApplyContract.row>
