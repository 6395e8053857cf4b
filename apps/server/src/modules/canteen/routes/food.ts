import {
  cookContract,
  foodContract,
  foodRawContract,
  foodSafeContract,
  SaveLocationForm,
} from '@xpark/contract/modules/canteen'
import { asc, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { ok } from '../../../core/envelope.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import { copyFoods } from '../publish.js'
import * as R from '../resources.js'
import * as tables from '../schema.js'
import { anyParams, params, parse } from './input.js'

const { canteenFood, canteenFoodRaw, canteenFoodSafe } = tables

/** Food: copies to other canteens, food safety records, traceability, and the users to pick a cook from. */
export function registerFoodRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  api.post(
    '/andchu/food/saveLocation',
    {
      schema: {
        tags: ['food'],
        summary: 'food: copy foods (ids) to other canteens (canteenIds)',
        ...anyParams,
      },
      config: { permission: foodContract.permissions.add },
      preHandler: guard,
    },
    async (request) => {
      const { ids, canteenIds } = parse(SaveLocationForm, params(request))
      return ok(await copyFoods(db, authOf(request), ids.split(','), canteenIds.split(',')))
    },
  )

  // food safety
  const safeView = foodSafeContract.permissions.view
  api.get(
    '/andchu/foodSafe/queryFoodNameList',
    {
      schema: { tags: ['foodSafe'], summary: 'foodSafe: the food names with records' },
      config: { permission: safeView },
      preHandler: guard,
    },
    async (request) => {
      const rows = await db
        .selectDistinct({ foodName: canteenFoodSafe.foodName })
        .from(canteenFoodSafe)
        .where(await whereOf(R.foodSafes, authOf(request)))
        .orderBy(asc(canteenFoodSafe.foodName))
      return ok(rows.map((r) => r.foodName))
    },
  )
  api.get(
    '/andchu/foodSafe/queryFoodPicList',
    {
      schema: {
        tags: ['foodSafe'],
        summary: 'foodSafe: the pictures of a food’s records, newest first',
        querystring: z.object({ foodName: z.string().max(64).optional() }),
      },
      config: { permission: safeView },
      preHandler: guard,
    },
    async (request) => {
      const { foodName } = request.query
      const rows = await db
        .select({
          id: canteenFoodSafe.id,
          foodName: canteenFoodSafe.foodName,
          checkDate: canteenFoodSafe.checkDate,
          pictures: canteenFoodSafe.pictures,
        })
        .from(canteenFoodSafe)
        .where(
          await whereOf(
            R.foodSafes,
            authOf(request),
            foodName ? eq(canteenFoodSafe.foodName, foodName) : undefined,
          ),
        )
        .orderBy(desc(canteenFoodSafe.checkDate))
        .limit(200)
      return ok(rows.map((r) => ({ ...r, pictures: r.pictures ? r.pictures.split(',') : [] })))
    },
  )

  // traceability: raw materials with their dish, and one dish with its raw materials
  const rawView = foodRawContract.permissions.view
  api.get(
    '/andchu/foodraw/foodTraceability',
    {
      schema: {
        tags: ['foodraw'],
        summary: 'foodraw: raw materials with their dish (paged, filters as page)',
        querystring: z.record(z.string(), z.string()),
      },
      config: { permission: rawView },
      preHandler: guard,
    },
    async (request) => ok(await listRows(db, R.foodRaws, authOf(request), request.query)),
  )
  api.get(
    '/andchu/foodraw/foodTraceabilityDetail',
    {
      schema: {
        tags: ['foodraw'],
        summary: 'foodraw: a dish (foodId or id) and every raw material that went into it',
        querystring: z.object({
          foodId: z
            .string()
            .regex(/^\d{1,19}$/)
            .optional(),
          id: z
            .string()
            .regex(/^\d{1,19}$/)
            .optional(),
        }),
      },
      config: { permission: rawView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      let foodId = request.query.foodId
      if (!foodId && request.query.id) {
        const [raw] = await db
          .select({ foodId: canteenFoodRaw.foodId })
          .from(canteenFoodRaw)
          .where(await whereOf(R.foodRaws, auth, eq(canteenFoodRaw.id, request.query.id)))
        foodId = raw?.foodId
      }
      if (!foodId) throw notFound('数据不存在')
      const [food] = await db
        .select({
          id: canteenFood.id,
          name: canteenFood.name,
          canteenId: canteenFood.canteenId,
          picture: canteenFood.picture,
        })
        .from(canteenFood)
        .where(scoped(canteenFood, auth, eq(canteenFood.id, foodId)))
      if (!food) throw notFound('数据不存在')
      const raws = await listRows(db, R.foodRaws, auth, { foodId, size: '200', ascs: 'purchase_date' })
      return ok({ food, raws: raws.records })
    },
  )

  // cooks: the tenant's users to pick a cook from
  api.get(
    '/andchu/cookInfo/userall',
    {
      schema: {
        tags: ['cookInfo'],
        summary: 'cookInfo: the tenant’s users (id, account, name) to pick a cook from',
      },
      config: { permission: cookContract.permissions.view },
      preHandler: guard,
    },
    async (request) => {
      const rows = await db
        .select({ id: user.id, account: user.account, name: user.name, realName: user.realName })
        .from(user)
        .where(scoped(user, authOf(request)))
        .orderBy(asc(user.account))
        .limit(1000)
      return ok(rows)
    },
  )
}
