import { z } from 'zod'
import {
  cents,
  choice,
  dateTime,
  day,
  link,
  optionalChoice,
  optionalText,
  parentId,
  reference,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'

/** Canteens, food and its categories, cooks, food safety and raw-material records, allowances. */

/** Meals (dict `canteen_meal_type`). */
export const MEAL = { breakfast: 1, lunch: 2, dinner: 3, supper: 4 } as const
/** Order states (dict `canteen_order_status`): paid from the card when placed. */
export const ORDER_STATUS = { paid: 2, partlyRefunded: 3, refunded: 4 } as const
/** Holiday day types (dict `canteen_day_type`): 1 a day off (no auto publish), 2 a working day. */
export const DAY_TYPE = { off: 1, work: 2 } as const

export { day }

/** `HH:mm` */
export const clock = (field: string) =>
  z.string({ error: `${field}: HH:mm` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field}: HH:mm`)
export const mealType = choice('please select meal', 1, 4)
export const optionalRef = z.union([reference('must be an id'), z.literal('')]).optional()

export const audit = { status: wire.number, createTime: wire.date }

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

export type FoodCategoryRow = z.infer<typeof foodCategoryContract.row>
export type CanteenRow = z.infer<typeof canteenContract.row>
export type FoodRow = z.infer<typeof foodContract.row>
export type CommonFoodRow = z.infer<typeof commonFoodContract.row>
export type FoodSafeRow = z.infer<typeof foodSafeContract.row>
export type FoodRawRow = z.infer<typeof foodRawContract.row>
export type CookRow = z.infer<typeof cookContract.row>
export type AllowanceRow = z.infer<typeof allowanceContract.row>
