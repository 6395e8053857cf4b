import { canteenTreeCall, foodTreeCall, publishTreeCall } from '@xpark/contract/modules/canteen'
import { asc, gte, inArray, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { treeNode } from '../../../core/tree.js'
import * as R from '../resources.js'
import * as tables from '../schema.js'

const { canteenFood } = tables

/** Pickers (TreeNodes): canteens; canteens with their food; menus from yesterday on with their dishes. */
export function registerPickerRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  const MEALS: Record<number, string> = { 1: '早餐', 2: '午餐', 3: '晚餐', 4: '夜宵' }
  const canteenNodes = async (auth: ReturnType<typeof authOf>) =>
    (
      await db
        .select({ id: tables.canteen.id, name: tables.canteen.name })
        .from(tables.canteen)
        .where(await whereOf(R.canteens, auth))
        .orderBy(asc(tables.canteen.id))
    ).map((c) => treeNode(c.id, '0', c.name))
  handle(api, canteenTreeCall, (_, request) => canteenNodes(authOf(request)), guard)
  handle(
    api,
    foodTreeCall,
    async (_, request) => {
      const auth = authOf(request)
      const nodes = await canteenNodes(auth)
      const foods = await db
        .select({
          id: canteenFood.id,
          canteenId: canteenFood.canteenId,
          name: canteenFood.name,
          price: canteenFood.price,
        })
        .from(canteenFood)
        .where(await whereOf(R.foods, auth))
        .orderBy(asc(canteenFood.sort), asc(canteenFood.id))
      return nodes.map((c) => {
        const children = foods
          .filter((f) => f.canteenId === c.id)
          .map((f) => ({ ...treeNode(f.id, c.id, f.name), isLeaf: true, price: f.price }))
        return { ...c, hasChildren: children.length > 0, children }
      })
    },
    guard,
  )
  handle(
    api,
    publishTreeCall,
    async (_, request) => {
      const auth = authOf(request)
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
      const menus = await db
        .select({
          id: tables.canteenPublish.id,
          date: tables.canteenPublish.publishDate,
          mealType: tables.canteenPublish.mealType,
          canteenName: sql<string>`(select name from ${tables.canteen} where ${tables.canteen.id} = ${tables.canteenPublish.canteenId})`,
        })
        .from(tables.canteenPublish)
        .where(await whereOf(R.publishes, auth, gte(tables.canteenPublish.publishDate, since)))
        .orderBy(asc(tables.canteenPublish.publishDate), asc(tables.canteenPublish.mealType))
        .limit(200)
      const dishes = menus.length
        ? await db
            .select()
            .from(tables.canteenPublishFood)
            .where(
              scoped(
                tables.canteenPublishFood,
                auth,
                inArray(
                  tables.canteenPublishFood.publishId,
                  menus.map((m) => m.id),
                ),
              ),
            )
        : []
      return menus.map((m) => {
        const children = dishes
          .filter((d) => d.publishId === m.id)
          .map((d) => ({
            ...treeNode(d.id, m.id, d.foodName),
            isLeaf: true,
            price: d.price,
            stock: d.stock,
            sold: d.sold,
            publishId: m.id,
          }))
        return {
          ...treeNode(m.id, '0', `${m.date} ${MEALS[m.mealType] ?? ''} ${m.canteenName ?? ''}`),
          hasChildren: children.length > 0,
          children,
        }
      })
    },
    guard,
  )
}
