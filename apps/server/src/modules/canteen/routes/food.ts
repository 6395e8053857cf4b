import {
  cookUsersCall,
  copyFoodsCall,
  foodSafeNamesCall,
  foodSafePicturesCall,
  foodTraceabilityCall,
  foodTraceabilityDetailCall,
} from '@xpark/contract/modules/canteen'
import { asc, desc, eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import { copyFoods } from '../publish.js'
import * as R from '../resources.js'
import * as tables from '../schema.js'

const { canteenFood, canteenFoodRaw, canteenFoodSafe } = tables

/** Food: copies to other canteens, food safety records, traceability, and the users to pick a cook from. */
export function registerFoodRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  handle(
    api,
    copyFoodsCall,
    async ({ ids, canteenIds }, request) => {
      return await copyFoods(db, authOf(request), ids.split(','), canteenIds.split(','))
    },
    guard,
  )

  // food safety
  handle(
    api,
    foodSafeNamesCall,
    async (_, request) => {
      const rows = await db
        .selectDistinct({ foodName: canteenFoodSafe.foodName })
        .from(canteenFoodSafe)
        .where(await whereOf(R.foodSafes, authOf(request)))
        .orderBy(asc(canteenFoodSafe.foodName))
      return rows.map((r) => r.foodName)
    },
    guard,
  )
  handle(
    api,
    foodSafePicturesCall,
    async ({ foodName }, request) => {
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
      return rows.map((r) => ({ ...r, pictures: r.pictures ? r.pictures.split(',') : [] }))
    },
    guard,
  )

  // traceability: raw materials with their dish, and one dish with its raw materials
  handle(
    api,
    foodTraceabilityCall,
    async (query, request) => listRows(db, R.foodRaws, authOf(request), query),
    guard,
  )
  handle(
    api,
    foodTraceabilityDetailCall,
    async (query, request) => {
      const auth = authOf(request)
      let foodId = query.foodId
      if (!foodId && query.id) {
        const [raw] = await db
          .select({ foodId: canteenFoodRaw.foodId })
          .from(canteenFoodRaw)
          .where(await whereOf(R.foodRaws, auth, eq(canteenFoodRaw.id, query.id)))
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
      return { food, raws: raws.records }
    },
    guard,
  )

  // cooks: the tenant's users to pick a cook from
  handle(
    api,
    cookUsersCall,
    async (_, request) => {
      const rows = await db
        .select({ id: user.id, account: user.account, name: user.name, realName: user.realName })
        .from(user)
        .where(scoped(user, authOf(request)))
        .orderBy(asc(user.account))
        .limit(1000)
      return rows
    },
    guard,
  )
}
