import { DAY_TYPE, MEAL } from '@xpark/contract/modules/canteen'
import { and, desc, eq, inArray, lt } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { LinesContext } from '../../core/crud/index.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'
import {
  canteen,
  canteenFood,
  canteenHoliday,
  canteenMeal,
  canteenPublish,
  canteenPublishFood,
} from './schema.js'

/** Menus: the dishes of a menu (prices and names as they were), auto publishing, copying food. */

type Row = Record<string, unknown>

/** `prepare` of a menu's lines: each dish from the canteen's food, its sold count kept. */
export async function prepareMenu({
  tx,
  auth,
  header,
  lines,
  previous,
  headerId,
}: LinesContext): Promise<void> {
  let canteenId = header.canteenId as string | undefined
  if (!canteenId) {
    const [own] = await tx
      .select({ canteenId: canteenPublish.canteenId })
      .from(canteenPublish)
      .where(scoped(canteenPublish, auth, eq(canteenPublish.id, headerId)))
    canteenId = own?.canteenId
  }
  const [place] = canteenId
    ? await tx
        .select({ id: canteen.id })
        .from(canteen)
        .where(scoped(canteen, auth, eq(canteen.id, canteenId)))
    : []
  if (!place) throw badRequest('食堂不存在')
  const ids = [...new Set(lines.map((l) => String(l.foodId)))]
  if (ids.length !== lines.length) throw badRequest('同一菜品不能重复发布')
  const foods = ids.length
    ? await tx
        .select({ id: canteenFood.id, name: canteenFood.name, price: canteenFood.price })
        .from(canteenFood)
        .where(scoped(canteenFood, auth, inArray(canteenFood.id, ids), eq(canteenFood.canteenId, place.id)))
    : []
  const byId = new Map(foods.map((f) => [f.id, f]))
  const before = new Map(previous.map((p) => [String(p.foodId), p]))
  for (const line of lines) {
    const food = byId.get(String(line.foodId))
    if (!food) throw badRequest('菜品不存在或不属于该食堂')
    const old = before.get(food.id)
    line.foodName = food.name
    line.price = line.price ?? food.price
    line.stock = line.stock ?? 0
    line.sold = old ? Number(old.sold) : 0
    if (old) line.id = old.id
    if (Number(line.stock) > 0 && Number(line.stock) < Number(line.sold))
      throw new AppError(409, `库存不能少于已售数量: ${food.name}`)
  }
  for (const p of previous)
    if (Number(p.sold) > 0 && !byId.has(String(p.foodId)))
      throw new AppError(409, `已有订单的菜品不能移除: ${p.foodName}`)
  header.foodCount = lines.length
}

/** `prepare` of one dish saved on its own (`publishFood`): name and default price from the food. */
export async function preparePublishFood(tx: Tx, auth: AuthContext, values: Row): Promise<void> {
  if (values.foodId === undefined) return
  const [food] = await tx
    .select({ name: canteenFood.name, price: canteenFood.price })
    .from(canteenFood)
    .where(scoped(canteenFood, auth, eq(canteenFood.id, String(values.foodId))))
  if (!food) throw badRequest('菜品不存在')
  values.foodName = food.name
  values.price = values.price ?? food.price
}

const toDay = (d: Date) => d.toISOString().slice(0, 10)
function* daysBetween(start: string, end: string) {
  for (let d = new Date(`${start}T00:00:00Z`); toDay(d) <= end; d = new Date(d.getTime() + 86_400_000))
    yield toDay(d)
}

/**
 * autoPublish: for each date of the range (at most 31) that is not a day off, and each meal the
 * canteen serves (its meal settings, else breakfast, lunch and dinner), a date and meal without a
 * menu gets a copy of that meal's latest earlier menu (stock kept, nothing sold). Answers how many.
 */
export async function autoPublish(
  db: Db,
  auth: AuthContext,
  input: { canteenId: string; startDate: string; endDate: string; mealTypes?: number[] | undefined },
): Promise<{ created: number }> {
  if (input.endDate < input.startDate) throw badRequest('结束日期不能早于开始日期')
  const dates = [...daysBetween(input.startDate, input.endDate)]
  if (dates.length > 31) throw badRequest('一次最多自动发布 31 天')
  return db.transaction(async (tx) => {
    const [place] = await tx
      .select({ id: canteen.id })
      .from(canteen)
      .where(scoped(canteen, auth, eq(canteen.id, input.canteenId)))
    if (!place) throw notFound('食堂不存在')
    let meals = input.mealTypes
    if (!meals?.length) {
      const set = await tx
        .selectDistinct({ mealType: canteenMeal.mealType })
        .from(canteenMeal)
        .where(scoped(canteenMeal, auth, eq(canteenMeal.canteenId, place.id)))
      meals = set.length ? set.map((m) => m.mealType) : [MEAL.breakfast, MEAL.lunch, MEAL.dinner]
    }
    const off = new Set(
      (
        await tx
          .select({ date: canteenHoliday.holidayDate })
          .from(canteenHoliday)
          .where(
            scoped(
              canteenHoliday,
              auth,
              eq(canteenHoliday.dayType, DAY_TYPE.off),
              inArray(canteenHoliday.holidayDate, dates),
            ),
          )
      ).map((h) => h.date),
    )
    let created = 0
    for (const date of dates) {
      if (off.has(date)) continue
      for (const mealType of meals) {
        const same = and(eq(canteenPublish.canteenId, place.id), eq(canteenPublish.mealType, mealType))
        const [exists] = await tx
          .select({ id: canteenPublish.id })
          .from(canteenPublish)
          .where(scoped(canteenPublish, auth, same, eq(canteenPublish.publishDate, date)))
        if (exists) continue
        const [latest] = await tx
          .select({ id: canteenPublish.id, remark: canteenPublish.remark })
          .from(canteenPublish)
          .where(scoped(canteenPublish, auth, same, lt(canteenPublish.publishDate, date)))
          .orderBy(desc(canteenPublish.publishDate))
          .limit(1)
        if (!latest) continue
        const dishes = await tx
          .select()
          .from(canteenPublishFood)
          .where(scoped(canteenPublishFood, auth, eq(canteenPublishFood.publishId, latest.id)))
        if (!dishes.length) continue
        const publishId = nextId()
        await tx.insert(canteenPublish).values(
          stamped(canteenPublish, auth, {
            id: publishId,
            canteenId: place.id,
            publishDate: date,
            mealType,
            foodCount: dishes.length,
            remark: '自动发布',
          }) as never,
        )
        await tx.insert(canteenPublishFood).values(
          dishes.map((d) =>
            stamped(canteenPublishFood, auth, {
              publishId,
              foodId: d.foodId,
              foodName: d.foodName,
              price: d.price,
              stock: d.stock,
              sold: 0,
            }),
          ) as never,
        )
        created++
      }
    }
    return { created }
  })
}

/** saveLocation: copy foods to other canteens (a canteen that has a food of that name keeps its own). */
export async function copyFoods(db: Db, auth: AuthContext, ids: string[], canteenIds: string[]) {
  return db.transaction(async (tx) => {
    const foods = await tx
      .select()
      .from(canteenFood)
      .where(scoped(canteenFood, auth, inArray(canteenFood.id, ids)))
    if (foods.length !== new Set(ids).size) throw notFound('菜品不存在')
    const places = await tx
      .select({ id: canteen.id })
      .from(canteen)
      .where(scoped(canteen, auth, inArray(canteen.id, canteenIds)))
    if (places.length !== new Set(canteenIds).size) throw notFound('食堂不存在')
    let copied = 0
    for (const place of places) {
      const names = new Set(
        (
          await tx
            .select({ name: canteenFood.name })
            .from(canteenFood)
            .where(scoped(canteenFood, auth, eq(canteenFood.canteenId, place.id)))
        ).map((f) => f.name),
      )
      for (const f of foods) {
        if (names.has(f.name)) continue
        await tx.insert(canteenFood).values(
          stamped(canteenFood, auth, {
            canteenId: place.id,
            categoryId: f.categoryId,
            name: f.name,
            price: f.price,
            unit: f.unit,
            picture: f.picture,
            description: f.description,
            sort: f.sort,
          }) as never,
        )
        copied++
      }
    }
    return { copied }
  })
}
