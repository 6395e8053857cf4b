import { z } from 'zod'
import { defineCall } from '../calls.js'
import {
  cents,
  choice,
  code,
  dateTime,
  day,
  link,
  optionalChoice,
  optionalText,
  parentId,
  reference,
  requiredLink,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { pageOf, treeNodeReply } from '../replies.js'
import { idString } from '../schemas/common.js'
import { idCsv } from '../schemas/org.js'

/**
 * Canteen and food (spec 02 §7 "Canteen and food (/andchu)"): the canteens and their settings, food
 * and its categories, cooks, food safety and traceability records, the food published per canteen,
 * date and meal, the orders paid from a stored-value card (finance) and their refunds. Money is
 * integer cents. See docs/modules/canteen.md.
 */

/** Meals (dict `canteen_meal_type`). */
export const MEAL = { breakfast: 1, lunch: 2, dinner: 3, supper: 4 } as const
/** Order states (dict `canteen_order_status`): paid from the card when placed. */
export const ORDER_STATUS = { paid: 2, partlyRefunded: 3, refunded: 4 } as const
/** Holiday day types (dict `canteen_day_type`): 1 a day off (no auto publish), 2 a working day. */
export const DAY_TYPE = { off: 1, work: 2 } as const

export { day }

/** `HH:mm` */
const clock = (field: string) =>
  z.string({ error: `${field}: HH:mm` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field}: HH:mm`)
const mealType = choice('please select meal', 1, 4)
const optionalRef = z.union([reference('must be an id'), z.literal('')]).optional()

const audit = { status: wire.number, createTime: wire.date }

export const foodCategoryContract = defineContract({
  path: 'andchu/food/category',
  code: 'canteen_food_category',
  form: z.object({
    parentId,
    name: requiredText('please enter category name', 64),
    sort,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    parentId: wire.id,
    name: wire.text,
    sort: wire.number,
    remark: wire.text,
    ...audit,
  }),
  filters: { name: 'like', parentId: 'eq' },
  sorts: ['sort', 'name', 'createTime'],
  tree: {},
  routes: { select: 'select' },
})

/** A canteen (its automatic settings live on it): `andchu/setting/auto`. */
export const canteenContract = defineContract({
  path: 'andchu/setting/auto',
  code: 'canteen_setting',
  form: z.object({
    name: requiredText('please enter canteen name', 64),
    address: optionalText('address', 255),
    autoPublish: optionalChoice('autoPublish: 0 or 1', 0, 1),
    orderAheadDays: wholeNumber('orderAheadDays', 0, 30).optional(),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    address: wire.text,
    autoPublish: wire.number,
    orderAheadDays: wire.number,
    remark: wire.text,
    ...audit,
  }),
  filters: { name: 'like', autoPublish: 'eq' },
  routes: { select: 'listCanteenAll' },
})

const foodForm = {
  categoryId: reference('please select food category'),
  name: requiredText('please enter food name', 64),
  price: cents('price'),
  unit: optionalText('unit', 16),
  picture: link('picture'),
  description: optionalText('description', 500),
  sort,
}
const foodRow = {
  id: wire.id,
  categoryId: wire.id,
  categoryName: wire.optionalText,
  name: wire.text,
  price: wire.number,
  unit: wire.text,
  picture: wire.text,
  description: wire.text,
  sort: wire.number,
  ...audit,
}

export const foodContract = defineContract({
  path: 'andchu/food',
  code: 'canteen_food',
  form: z.object({ canteenId: reference('please select canteen'), ...foodForm }),
  row: z.object({ canteenId: wire.id, canteenName: wire.optionalText, ...foodRow }),
  filters: { name: 'like', categoryId: 'eq', canteenId: 'eq' },
  sorts: ['sort', 'name', 'price', 'createTime'],
})

export const commonFoodContract = defineContract({
  path: 'andchu/food/common',
  code: 'canteen_common_food',
  form: z.object(foodForm),
  row: z.object(foodRow),
  filters: { name: 'like', categoryId: 'eq' },
  sorts: ['sort', 'name', 'price', 'createTime'],
})

/** POST saveLocation: copy foods (`ids`) to other canteens (`canteenIds`). */
export const SaveLocationForm = z.object({
  ids: z.string().regex(/^\d{1,19}(,\d{1,19})*$/, 'ids: comma-separated ids'),
  canteenIds: z.string().regex(/^\d{1,19}(,\d{1,19})*$/, 'canteenIds: comma-separated ids'),
})

export const foodSafeContract = defineContract({
  path: 'andchu/foodSafe',
  code: 'canteen_food_safe',
  label: 'foodName',
  form: z.object({
    foodName: requiredText('please enter food name', 64),
    checkDate: dateTime('checkDate'),
    inspector: optionalText('inspector', 32),
    result: optionalChoice('result: 0 or 1', 0, 1),
    pictures: optionalText('pictures', 2000),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    foodName: wire.text,
    checkDate: wire.optionalDate,
    inspector: wire.text,
    result: wire.number,
    pictures: wire.text,
    remark: wire.text,
    ...audit,
  }),
  filters: { foodName: 'like', result: 'eq', inspector: 'like' },
  sorts: ['checkDate', 'createTime'],
})

/** A raw material that went into a food (traceability from raw material to dish). */
export const foodRawContract = defineContract({
  path: 'andchu/foodraw',
  code: 'canteen_food_raw',
  label: 'rawName',
  form: z.object({
    foodId: reference('please select food'),
    rawName: requiredText('please enter raw material', 64),
    supplier: optionalText('supplier', 64),
    origin: optionalText('origin', 64),
    batchNo: optionalText('batchNo', 64),
    purchaseDate: dateTime('purchaseDate'),
    inspectResult: optionalText('inspectResult', 64),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    foodId: wire.id,
    foodName: wire.optionalText,
    rawName: wire.text,
    supplier: wire.text,
    origin: wire.text,
    batchNo: wire.text,
    purchaseDate: wire.optionalDate,
    inspectResult: wire.text,
    remark: wire.text,
    ...audit,
  }),
  filters: { rawName: 'like', foodId: 'eq', supplier: 'like', batchNo: 'like' },
})

export const cookContract = defineContract({
  path: 'andchu/cookInfo',
  code: 'canteen_cook',
  form: z.object({
    canteenId: reference('please select canteen'),
    userId: optionalRef,
    name: requiredText('please enter cook name', 32),
    phone: optionalText('phone', 20),
    healthCertNo: optionalText('healthCertNo', 64),
    certExpire: dateTime('certExpire'),
    picture: link('picture'),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    userId: wire.optionalId,
    name: wire.text,
    phone: wire.text,
    healthCertNo: wire.text,
    certExpire: wire.optionalDate,
    picture: wire.text,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq', phone: 'like' },
})

export const allowanceContract = defineContract({
  path: 'andchu/setting/allowance',
  code: 'canteen_allowance',
  form: z.object({
    canteenId: reference('please select canteen'),
    name: requiredText('please enter name', 64),
    mealType,
    amount: cents('amount'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    name: wire.text,
    mealType: wire.number,
    amount: wire.number,
    remark: wire.text,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq', mealType: 'eq' },
  routes: { select: 'allList' },
})

export const phaseContract = defineContract({
  path: 'andchu/setting/phase',
  code: 'canteen_phase',
  form: z.object({
    canteenId: reference('please select canteen'),
    name: requiredText('please enter name', 64),
    startTime: clock('startTime'),
    endTime: clock('endTime'),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    name: wire.text,
    startTime: wire.text,
    endTime: wire.text,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq' },
  routes: { select: 'allList' },
})

export const mealContract = defineContract({
  path: 'andchu/setting/meal',
  code: 'canteen_meal',
  form: z.object({
    canteenId: reference('please select canteen'),
    name: requiredText('please enter name', 32),
    mealType,
    /** 1 ordered ahead, 2 on site */
    mealMode: choice('please select meal mode', 1, 2),
    startTime: clock('startTime'),
    endTime: clock('endTime'),
    orderDeadline: z.union([clock('orderDeadline'), z.literal('')]).optional(),
    price: cents('price').optional(),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    name: wire.text,
    mealType: wire.number,
    mealMode: wire.number,
    startTime: wire.text,
    endTime: wire.text,
    orderDeadline: wire.text,
    price: wire.number,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq', mealType: 'eq', mealMode: 'eq' },
  routes: { select: 'selectByModeAndType' },
})

export const imageSettingContract = defineContract({
  path: 'andchu/setting/img',
  code: 'canteen_img',
  form: z.object({
    name: requiredText('please enter name', 64),
    url: requiredLink('url', 'please upload a picture'),
    imgType: optionalChoice('imgType: 1 to 9', 1, 9),
    sort,
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    url: wire.text,
    imgType: wire.number,
    sort: wire.number,
    ...audit,
  }),
  filters: { name: 'like', imgType: 'eq' },
})

export const noticeContract = defineContract({
  path: 'andchu/notice',
  code: 'canteen_notice',
  label: 'title',
  form: z.object({
    title: requiredText('please enter title', 128),
    content: optionalText('content', 4000),
    canteenId: optionalRef,
  }),
  row: z.object({
    id: wire.id,
    title: wire.text,
    content: wire.text,
    canteenId: wire.optionalId,
    canteenName: wire.optionalText,
    ...audit,
  }),
  filters: { title: 'like', canteenId: 'eq' },
})

export const holidayContract = defineContract({
  path: 'andchu/holiday',
  code: 'canteen_holiday',
  label: 'holidayDate',
  form: z.object({
    holidayDate: day('holidayDate'),
    name: requiredText('please enter name', 64),
    dayType: choice('dayType: 1 or 2', 1, 2),
  }),
  row: z.object({ id: wire.id, holidayDate: wire.text, name: wire.text, dayType: wire.number, ...audit }),
  filters: { name: 'like', holidayDate: 'eq', dayType: 'eq' },
  sorts: ['holidayDate'],
  excel: { import: 'importHoliday', template: 'export-template' },
})

export const mealTimeContract = defineContract({
  path: 'blade-mealTime/mealTime',
  code: 'canteen_meal_time',
  form: z.object({
    name: requiredText('please enter name', 32),
    mealType,
    startTime: clock('startTime'),
    endTime: clock('endTime'),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    mealType: wire.number,
    startTime: wire.text,
    endTime: wire.text,
    ...audit,
  }),
  filters: { name: 'like', mealType: 'eq' },
})

const publishLineRow = z.object({
  id: wire.id,
  publishId: wire.id,
  foodId: wire.id,
  foodName: wire.text,
  price: wire.number,
  stock: wire.number,
  sold: wire.number,
})

/** The food a canteen serves on a date at a meal (header) and its dishes (lines). */
export const publishContract = defineContract({
  path: 'andchu/publish',
  code: 'canteen_publish',
  label: 'publishDate',
  form: z.object({
    canteenId: reference('please select canteen'),
    publishDate: day('publishDate'),
    mealType,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    publishDate: wire.text,
    mealType: wire.number,
    foodCount: wire.number,
    remark: wire.text,
    ...audit,
  }),
  filters: { canteenId: 'eq', publishDate: 'eq', mealType: 'eq' },
  sorts: ['publishDate', 'mealType', 'createTime'],
  lines: {
    field: 'foods',
    key: 'publishId',
    form: z.object({
      foodId: reference('please select food'),
      price: cents('price').optional(),
      /** 0: no limit */
      stock: wholeNumber('stock', 0, 100_000).optional(),
    }),
    row: publishLineRow,
    max: 200,
  },
})

/** One published dish, on its own. */
export const publishFoodContract = defineContract({
  path: 'andchu/publishFood',
  code: 'canteen_publish_food',
  label: 'foodName',
  form: z.object({
    publishId: reference('please select publish'),
    foodId: reference('please select food'),
    price: cents('price').optional(),
    stock: wholeNumber('stock', 0, 100_000).optional(),
  }),
  row: publishLineRow,
  filters: { publishId: 'eq', foodId: 'eq', foodName: 'like' },
  routes: { page: false },
})

/** POST autoPublish: repeat each meal's latest menu on the dates in range that have none (days off skipped). */
export const AutoPublishForm = z.object({
  canteenId: reference('please select canteen'),
  startDate: day('startDate'),
  endDate: day('endDate'),
  mealTypes: z.array(mealType).max(4).optional(),
})

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

const ids = (field: string) => z.string().regex(/^\d{1,19}(,\d{1,19})*$/, `${field}: comma-separated ids`)
const orderView = orderContract.permissions.view
const scoreView = orderFoodContract.permissions.view

export const cardExistCall = defineCall({
  path: 'andchu/app/statis/cardExist',
  method: 'POST',
  public: true,
  params: CardExistForm,
  reply: z.boolean(),
  summary:
    'statis (public, rate limited): whether a card number exists (cardNo, tenantId or tenant-id header)',
})

export const copyFoodsCall = defineCall({
  path: 'andchu/food/saveLocation',
  method: 'POST',
  permission: foodContract.permissions.add,
  params: SaveLocationForm,
  reply: z.object({ copied: z.number() }),
  summary: 'food: copy foods (ids) to other canteens (canteenIds)',
})

export const foodSafeNamesCall = defineCall({
  path: 'andchu/foodSafe/queryFoodNameList',
  method: 'GET',
  permission: foodSafeContract.permissions.view,
  reply: z.array(z.string()),
  summary: 'foodSafe: the food names with records',
})

export const foodSafePicturesCall = defineCall({
  path: 'andchu/foodSafe/queryFoodPicList',
  method: 'GET',
  permission: foodSafeContract.permissions.view,
  params: z.object({ foodName: z.string().max(64).optional() }),
  reply: z.array(
    z.object({
      id: wire.id,
      foodName: wire.text,
      checkDate: wire.optionalDate,
      pictures: z.array(z.string()),
    }),
  ),
  summary: 'foodSafe: the pictures of a food’s records, newest first',
})

export const foodTraceabilityCall = defineCall({
  path: 'andchu/foodraw/foodTraceability',
  method: 'GET',
  permission: foodRawContract.permissions.view,
  params: z.record(z.string(), z.string()),
  reply: pageOf(foodRawContract.row),
  summary: 'foodraw: raw materials with their dish (paged, filters as page)',
})

export const foodTraceabilityDetailCall = defineCall({
  path: 'andchu/foodraw/foodTraceabilityDetail',
  method: 'GET',
  permission: foodRawContract.permissions.view,
  params: z.object({
    foodId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    id: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  reply: z.object({
    food: z.object({ id: wire.id, name: wire.text, canteenId: wire.id, picture: wire.text }),
    raws: z.array(foodRawContract.row),
  }),
  summary: 'foodraw: a dish (foodId or id) and every raw material that went into it',
})

export const cookUsersCall = defineCall({
  path: 'andchu/cookInfo/userall',
  method: 'GET',
  permission: cookContract.permissions.view,
  reply: z.array(z.object({ id: wire.id, account: wire.text, name: wire.text, realName: wire.text })),
  summary: 'cookInfo: the tenant’s users (id, account, name) to pick a cook from',
})

export const updateCanteenCall = defineCall({
  path: 'blade-user/updateCanteen',
  tag: 'user',
  method: 'POST',
  permission: 'user_edit',
  params: z.object({
    userIds: idCsv.optional(),
    canteenId: z.union([idString, z.literal('')]).optional(),
  }),
  reply: z.object({}),
  summary: 'user: set the canteen of users (userIds; canteenId of the caller, empty clears)',
})

export const autoPublishCall = defineCall({
  path: 'andchu/publish/autoPublish',
  method: 'POST',
  in: 'body',
  permission: publishContract.permissions.add,
  params: AutoPublishForm,
  reply: z.object({ created: z.number() }),
  summary: 'publish: repeat each meal’s latest menu on the dates of a range without one (days off skipped)',
})

export const placeOrderCall = defineCall({
  path: 'andchu/order/submit',
  method: 'POST',
  in: 'body',
  permission: orderContract.permissions.add,
  params: OrderForm,
  reply: z.object({ id: wire.id, orderNo: wire.text, totalFee: wire.number, balance: wire.number }),
  summary: 'order: place an order (publishId, cardNo, foods [{publishFoodId, quantity}]), paid from the card',
})

export const refundOrderCall = defineCall({
  path: 'andchu/order/refundOrderBy',
  method: 'POST',
  permission: 'canteen_order_refund',
  params: RefundForm,
  reply: z.object({
    refundNo: wire.text,
    amount: wire.number,
    refundFee: wire.number,
    status: wire.number,
    refunded: z.boolean(),
  }),
  summary:
    'order: refund payPrice cents of an order (orderId; refundNo or the Idempotency-Key header makes a retry the same refund)',
})

export const refundOrdersCall = defineCall({
  path: 'andchu/order/refundOrderByIds',
  method: 'POST',
  in: 'query',
  permission: 'canteen_order_refund',
  params: z.object({ ids: ids('ids') }),
  reply: z.object({ orders: z.number(), refunded: z.number() }),
  summary: 'order: refund what is left of each order (ids), all or none',
})

export const kitchenFoodsCall = defineCall({
  path: 'andchu/order/genesticFoodByDate',
  method: 'POST',
  in: 'query',
  permission: 'canteen_order_kitchen',
  params: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date: yyyy-MM-dd'),
    canteenId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  reply: z.array(
    z.object({
      canteenId: wire.id,
      mealType: wire.number,
      foodId: wire.id,
      foodName: wire.text,
      quantity: wire.number,
      amount: wire.number,
      date: wire.text,
    }),
  ),
  summary: 'order: the dishes and quantities ordered for a date (date, canteenId), per canteen and meal',
})

/** Orders, paid, refunded and revenue (cents). */
const orderFigures = { orders: wire.number, paid: wire.number, refunded: wire.number, revenue: wire.number }
const OrderStatistic = z.object({
  ...orderFigures,
  byMeal: z.array(z.object({ mealType: wire.number, ...orderFigures })),
  byCanteen: z.array(z.object({ canteenId: wire.id, canteenName: wire.text, ...orderFigures })),
})
const OrdersPerDay = z.array(z.object({ date: wire.text, orders: wire.number, revenue: wire.number }))
const ScoreList = z.array(
  z.object({ foodId: wire.id, foodName: wire.text, scores: wire.number, average: wire.number }),
)

export const orderStatisticCall = defineCall({
  path: 'andchu/order/statistic',
  method: 'GET',
  permission: orderView,
  params: StatisticQuery,
  reply: OrderStatistic,
  summary:
    'order: orders, paid, refunded and revenue in total, per meal and per canteen (default the last 30 days)',
})

export const periodAnalysisCall = defineCall({
  path: 'andchu/order/periodAnalysis',
  method: 'GET',
  permission: orderView,
  params: StatisticQuery,
  reply: OrdersPerDay,
  summary: 'order: orders and revenue per day',
})

export const canteenDashboardCall = defineCall({
  path: 'andchu/order/dashboard',
  method: 'GET',
  permission: orderView,
  params: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
  reply: OrderStatistic.extend({ averageScore: wire.number, byDay: OrdersPerDay, topScored: ScoreList }),
  summary:
    'order: the dashboard’s figures for startTime..endTime (orders, revenue, per meal, per day, best scored dishes)',
})

export const scoreListCall = defineCall({
  path: 'andchu/order/food/scoreList',
  method: 'GET',
  tag: 'food',
  permission: scoreView,
  reply: ScoreList,
  summary: 'order food: each dish’s average score and number of scores',
})

export const scoreStatisticsCall = defineCall({
  path: 'andchu/order/food/scoreStatistics',
  method: 'GET',
  tag: 'food',
  permission: scoreView,
  reply: z.object({
    total: wire.number,
    average: wire.number,
    distribution: z.array(z.object({ score: wire.number, count: wire.number })),
  }),
  summary: 'order food: scores 1 to 5 counted, and the average',
})

// pickers (TreeNodes)
export const canteenTreeCall = defineCall({
  path: 'andchu/setting/auto/tree',
  method: 'GET',
  permission: [canteenContract.permissions.view, foodContract.permissions.view, orderView],
  reply: z.array(treeNodeReply),
  summary: 'auto: the canteens as TreeNodes (pickers)',
})

export const foodTreeCall = defineCall({
  path: 'andchu/food/tree',
  method: 'GET',
  permission: [foodContract.permissions.view, publishContract.permissions.view],
  reply: z.array(treeNodeReply),
  summary: 'food: canteens with their food as leaves (each with its price)',
})

export const publishTreeCall = defineCall({
  path: 'andchu/publish/tree',
  method: 'GET',
  permission: [publishContract.permissions.view, orderView],
  reply: z.array(treeNodeReply),
  summary: 'publish: menus from yesterday on with their dishes as leaves (price, stock, sold)',
})

export type FoodCategoryRow = z.infer<typeof foodCategoryContract.row>
export type CanteenRow = z.infer<typeof canteenContract.row>
export type FoodRow = z.infer<typeof foodContract.row>
export type CommonFoodRow = z.infer<typeof commonFoodContract.row>
export type FoodSafeRow = z.infer<typeof foodSafeContract.row>
export type FoodRawRow = z.infer<typeof foodRawContract.row>
export type CookRow = z.infer<typeof cookContract.row>
export type AllowanceRow = z.infer<typeof allowanceContract.row>
export type PhaseRow = z.infer<typeof phaseContract.row>
export type MealRow = z.infer<typeof mealContract.row>
export type ImageSettingRow = z.infer<typeof imageSettingContract.row>
export type NoticeRow = z.infer<typeof noticeContract.row>
export type HolidayRow = z.infer<typeof holidayContract.row>
export type MealTimeRow = z.infer<typeof mealTimeContract.row>
export type PublishRow = z.infer<typeof publishContract.row>
export type PublishFoodRow = z.infer<typeof publishFoodContract.row>
export type OrderRow = z.infer<typeof orderContract.row>
export type OrderFoodRow = z.infer<typeof orderFoodContract.row>
export type OrderApplyRow = z.infer<typeof orderApplyContract.row>
