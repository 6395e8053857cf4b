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
import { eq, gt } from 'drizzle-orm'
import { z } from 'zod'
import { defineResource, lookup } from '../../core/crud/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { user } from '../identity/index.js'
import { holidayChanged, holidayDays } from './holidays-changed.js'
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

export const foodCategories = defineResource({
  contract: foodCategoryContract,
  table: canteenFoodCategory,
  inUse: [{ table: canteenFood, column: 'categoryId', message: '该分类下还有菜品, 不能删除: {label}' }],
})

export const canteens = defineResource({
  contract: canteenContract,
  table: canteen,
  unique: [{ fields: ['name'], message: '食堂名称已存在' }],
  inUse: [{ table: canteenFood, column: 'canteenId', message: '该食堂下还有菜品, 不能删除: {label}' }],
})

/** A field naming one of the tenant's canteens. */
const ofCanteen = { canteenId: { to: canteens, message: '食堂不存在' } }
const ofCategory = { categoryId: { to: foodCategories, message: '菜品分类不存在' } }

export const foods = defineResource({
  contract: foodContract,
  table: canteenFood,
  expand: { canteenName, categoryName: lookup(canteenFoodCategory, 'name', 'categoryId') },
  references: { ...ofCanteen, ...ofCategory },
})

export const commonFoods = defineResource({
  contract: commonFoodContract,
  table: canteenCommonFood,
  expand: { categoryName: lookup(canteenFoodCategory, 'name', 'categoryId') },
  references: ofCategory,
})

export const foodSafes = defineResource({ contract: foodSafeContract, table: canteenFoodSafe })

export const foodRaws = defineResource({
  contract: foodRawContract,
  table: canteenFoodRaw,
  expand: { foodName: lookup(canteenFood, 'name', 'foodId') },
  references: { foodId: { to: foods, message: '菜品不存在' } },
})

export const cooks = defineResource({
  contract: cookContract,
  table: canteenCook,
  expand: { canteenName },
  references: { ...ofCanteen, userId: { to: user, message: '用户不存在' } },
})

export const allowances = defineResource({
  contract: allowanceContract,
  table: canteenAllowance,
  expand: { canteenName },
  references: ofCanteen,
})
export const phases = defineResource({
  contract: phaseContract,
  table: canteenPhase,
  expand: { canteenName },
  references: ofCanteen,
  beforeWrite: async (ctx) => {
    if (ctx.values.startTime && ctx.values.endTime && ctx.values.startTime >= ctx.values.endTime)
      throw badRequest('结束时间必须晚于开始时间')
  },
})
export const meals = defineResource({
  contract: mealContract,
  table: canteenMeal,
  expand: { canteenName },
  references: ofCanteen,
  beforeWrite: async (ctx) => {
    if (ctx.values.startTime && ctx.values.endTime && ctx.values.startTime >= ctx.values.endTime)
      throw badRequest('结束时间必须晚于开始时间')
  },
})
export const images = defineResource({ contract: imageSettingContract, table: canteenImage })
export const notices = defineResource({
  contract: noticeContract,
  table: canteenNotice,
  expand: { canteenName },
  references: ofCanteen,
})

export const holidays = defineResource({
  contract: holidayContract,
  table: canteenHoliday,
  unique: [{ fields: ['holidayDate'], message: '该日期已设置' }],
  // readers of the calendar (attendance) hear every day it changes: an update's old day and new one
  beforeWrite: async ({ tx, auth, id }) => {
    if (id) await holidayChanged.run(tx, await holidayDays(tx, auth.tenantId, [id]))
  },
  afterWrite: async ({ tx, auth, id }) => holidayChanged.run(tx, await holidayDays(tx, auth.tenantId, [id])),
  beforeRemove: async ({ tx, auth, ids }) =>
    holidayChanged.run(tx, await holidayDays(tx, auth.tenantId, ids)),
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
  lines: {
    table: canteenPublishFood,
    prepare: prepareMenu,
    // the dishes must be the menu's canteen's: prepareMenu checks that beside existence
    references: { foodId: { to: () => foods, message: '菜品不存在' } },
  },
  references: ofCanteen,
  // a menu stays at its canteen: its dishes are that canteen's food (publish it again elsewhere)
  beforeWrite: async ({ tx, values, id }) => {
    if (!id || values.canteenId === undefined) return
    const [menu] = await tx
      .select({ canteenId: canteenPublish.canteenId })
      .from(canteenPublish)
      .where(eq(canteenPublish.id, id))
    if (menu && menu.canteenId !== values.canteenId)
      throw new AppError(409, '已发布菜单的食堂不能修改, 请在该食堂重新发布')
  },
  inUse: [{ table: canteenOrder, column: 'publishId', message: '已有订单的菜单不能删除: {label}' }],
})

export const publishFoods = defineResource({
  contract: publishFoodContract,
  table: canteenPublishFood,
  references: {
    publishId: { to: publishes, message: '发布的菜单不存在' },
    foodId: { to: foods, message: '菜品不存在' },
  },
  beforeWrite: ({ tx, auth, values }) => preparePublishFood(tx, auth, values as Record<string, unknown>),
  inUse: [{ when: gt(canteenPublishFood.sold, 0), message: '已有订单的菜品不能移除: {label}' }],
})

export const orders = defineResource({
  contract: orderContract,
  table: canteenOrder,
  expand: { canteenName },
  // placing an order is written by hand (routes.ts): it prices the dishes and debits the card
  skip: ['submit'],
  lines: {
    table: canteenOrderFood,
    references: { publishFoodId: { to: () => publishFoods, message: '菜品不存在' } },
  },
  references: { publishId: { to: publishes, message: '发布的菜单不存在' } },
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
  references: ofCanteen,
  beforeWrite: async (ctx) => {
    // a new application waits for approval
    if (!ctx.id) (ctx.values as Record<string, unknown>).status = 0
  },
})
