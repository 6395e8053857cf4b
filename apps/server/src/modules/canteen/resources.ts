import {
  allowanceContract,
  canteenContract,
  commonFoodContract,
  cookContract,
  foodCategoryContract,
  foodContract,
  foodRawContract,
  foodSafeContract,
  holidayContract,
  imageSettingContract,
  mealContract,
  mealTimeContract,
  noticeContract,
  orderApplyContract,
  orderContract,
  orderFoodContract,
  phaseContract,
  publishContract,
  publishFoodContract,
} from '@xpark/contract/modules/canteen'
import { eq, inArray } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { AuthContext } from '../../core/auth/tokens.js'
import { defineResource, lookup } from '../../core/crud/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { prepareMenu, preparePublishFood } from './publish.js'
import {
  canteen,
  canteenAllowance,
  canteenCommonFood,
  canteenCook,
  canteenFood,
  canteenFoodCategory,
  canteenFoodRaw,
  canteenFoodSafe,
  canteenHoliday,
  canteenImage,
  canteenMeal,
  canteenMealTime,
  canteenNotice,
  canteenOrder,
  canteenOrderApply,
  canteenOrderFood,
  canteenPhase,
  canteenPublish,
  canteenPublishFood,
} from './schema.js'

/** The canteen's resources, declared on the kit; the rules written by hand are in orders.ts and publish.ts. */

const canteenName = lookup(canteen, 'name', 'canteenId')

/** A referenced row (canteen, category, food, menu) must be a live row of the caller's tenant. */
async function mustExist(tx: Tx, auth: AuthContext, table: PgTable, value: unknown, message: string) {
  if (value === undefined || value === '' || value === null) return
  const t = table as typeof canteen
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(scoped(t, auth, eq(t.id, String(value))))
  if (!row) throw badRequest(message)
}

export const foodCategories = defineResource({
  contract: foodCategoryContract,
  table: canteenFoodCategory,
  beforeRemove: async ({ tx, auth, ids }) => {
    const [used] = await tx
      .select({ id: canteenFood.id })
      .from(canteenFood)
      .where(scoped(canteenFood, auth, inArray(canteenFood.categoryId, [...ids])))
      .limit(1)
    if (used) throw new AppError(409, '该分类下还有菜品, 不能删除')
  },
})

export const canteens = defineResource({
  contract: canteenContract,
  table: canteen,
  unique: [{ fields: ['name'], message: '食堂名称已存在' }],
  beforeRemove: async ({ tx, auth, ids }) => {
    const [used] = await tx
      .select({ id: canteenFood.id })
      .from(canteenFood)
      .where(scoped(canteenFood, auth, inArray(canteenFood.canteenId, [...ids])))
      .limit(1)
    if (used) throw new AppError(409, '该食堂下还有菜品, 不能删除')
  },
})

export const foods = defineResource({
  contract: foodContract,
  table: canteenFood,
  expand: { canteenName, categoryName: lookup(canteenFoodCategory, 'name', 'categoryId') },
  beforeWrite: async ({ tx, auth, values }) => {
    await mustExist(tx, auth, canteen, values.canteenId, '食堂不存在')
    await mustExist(tx, auth, canteenFoodCategory, values.categoryId, '菜品分类不存在')
  },
})

export const commonFoods = defineResource({
  contract: commonFoodContract,
  table: canteenCommonFood,
  expand: { categoryName: lookup(canteenFoodCategory, 'name', 'categoryId') },
  beforeWrite: ({ tx, auth, values }) =>
    mustExist(tx, auth, canteenFoodCategory, values.categoryId, '菜品分类不存在'),
})

export const foodSafes = defineResource({ contract: foodSafeContract, table: canteenFoodSafe })

export const foodRaws = defineResource({
  contract: foodRawContract,
  table: canteenFoodRaw,
  expand: { foodName: lookup(canteenFood, 'name', 'foodId') },
  beforeWrite: ({ tx, auth, values }) => mustExist(tx, auth, canteenFood, values.foodId, '菜品不存在'),
})

export const cooks = defineResource({
  contract: cookContract,
  table: canteenCook,
  expand: { canteenName },
  beforeWrite: ({ tx, auth, values }) => mustExist(tx, auth, canteen, values.canteenId, '食堂不存在'),
})

const ofCanteen = ({ tx, auth, values }: { tx: Tx; auth: AuthContext; values: { canteenId?: unknown } }) =>
  mustExist(tx, auth, canteen, values.canteenId, '食堂不存在')

export const allowances = defineResource({
  contract: allowanceContract,
  table: canteenAllowance,
  expand: { canteenName },
  beforeWrite: ofCanteen,
})
export const phases = defineResource({
  contract: phaseContract,
  table: canteenPhase,
  expand: { canteenName },
  beforeWrite: async (ctx) => {
    await ofCanteen(ctx)
    if (ctx.values.startTime && ctx.values.endTime && ctx.values.startTime >= ctx.values.endTime)
      throw badRequest('结束时间必须晚于开始时间')
  },
})
export const meals = defineResource({
  contract: mealContract,
  table: canteenMeal,
  expand: { canteenName },
  beforeWrite: async (ctx) => {
    await ofCanteen(ctx)
    if (ctx.values.startTime && ctx.values.endTime && ctx.values.startTime >= ctx.values.endTime)
      throw badRequest('结束时间必须晚于开始时间')
  },
})
export const images = defineResource({ contract: imageSettingContract, table: canteenImage })
export const notices = defineResource({
  contract: noticeContract,
  table: canteenNotice,
  expand: { canteenName },
  beforeWrite: ofCanteen,
})

export const holidays = defineResource({
  contract: holidayContract,
  table: canteenHoliday,
  unique: [{ fields: ['holidayDate'], message: '该日期已设置' }],
  excel: {
    title: '节假日',
    columns: [
      { header: '日期', key: 'holidayDate', note: '必填; yyyy-MM-dd; 已有的日期按覆盖导入更新' },
      { header: '名称', key: 'name', note: '必填' },
      {
        header: '类型',
        key: 'dayType',
        value: (r) => (r.dayType === 2 ? '工作日' : '休息日'),
        reads: ['dayType'],
        note: '必填; 休息日 或 工作日 (调休上班)',
      },
    ],
    import: {
      row: z.object({
        holidayDate: z
          .string({ error: '请填写日期' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd'),
        name: z.string({ error: '请填写名称' }),
        dayType: z
          .enum(['休息日', '工作日'], { error: '类型应为 休息日 或 工作日' })
          .transform((v) => (v === '工作日' ? 2 : 1)),
      }),
      match: ['holidayDate'],
    },
  },
})

export const mealTimes = defineResource({ contract: mealTimeContract, table: canteenMealTime })

export const publishes = defineResource({
  contract: publishContract,
  table: canteenPublish,
  expand: { canteenName },
  unique: [{ fields: ['canteenId', 'publishDate', 'mealType'], message: '该食堂该日期该餐次已发布' }],
  lines: { table: canteenPublishFood, prepare: prepareMenu },
  beforeRemove: async ({ tx, auth, ids }) => {
    const [ordered] = await tx
      .select({ id: canteenOrder.id })
      .from(canteenOrder)
      .where(scoped(canteenOrder, auth, inArray(canteenOrder.publishId, [...ids])))
      .limit(1)
    if (ordered) throw new AppError(409, '已有订单的菜单不能删除')
  },
})

export const publishFoods = defineResource({
  contract: publishFoodContract,
  table: canteenPublishFood,
  beforeWrite: async ({ tx, auth, values }) => {
    await mustExist(tx, auth, canteenPublish, values.publishId, '发布的菜单不存在')
    await preparePublishFood(tx, auth, values as Record<string, unknown>)
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    const [sold] = await tx
      .select({ foodName: canteenPublishFood.foodName, sold: canteenPublishFood.sold })
      .from(canteenPublishFood)
      .where(scoped(canteenPublishFood, auth, inArray(canteenPublishFood.id, [...ids])))
    if (sold && sold.sold > 0) throw new AppError(409, `已有订单的菜品不能移除: ${sold.foodName}`)
  },
})

export const orders = defineResource({
  contract: orderContract,
  table: canteenOrder,
  expand: { canteenName },
  // placing an order is written by hand (routes.ts): it prices the dishes and debits the card
  skip: ['submit'],
  lines: { table: canteenOrderFood },
  readonlyWhen: { field: 'status', in: [2, 3], message: '已支付的订单请先全额退款再删除' },
})

export const orderFoods = defineResource({
  contract: orderFoodContract,
  table: canteenOrderFood,
  beforeWrite: async ({ id }) => {
    if (!id) throw badRequest('订单菜品随订单生成, 这里只能评分')
  },
})

export const orderApplies = defineResource({
  contract: orderApplyContract,
  table: canteenOrderApply,
  expand: { canteenName },
  readonlyWhen: { field: 'status', in: [1, 2], message: '已审批的申请不能修改或删除' },
  beforeWrite: async (ctx) => {
    await ofCanteen(ctx)
    // a new application waits for approval
    if (!ctx.id) (ctx.values as Record<string, unknown>).status = 0
  },
})
