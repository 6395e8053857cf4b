import { ORDER_STATUS } from '@xpark/contract/modules/canteen'
import { eq, sql } from 'drizzle-orm'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { scoped, stamped } from '../../core/tenancy.js'
import { creditCard, debitCard, findCardByNo } from '../finance/index.js'
import * as s from './schema.js'

/**
 * The demo park's canteens: two canteens with their meals, food and categories, two weeks of lunch
 * and dinner menus (and tomorrow's), orders paid from the demo cards (finance), a few refunded,
 * scores, cooks, food safety and traceability records, holidays, notices and pictures.
 */

const CATEGORIES = ['热菜', '凉菜', '主食', '汤品'] as const
/** [category, name, price in cents] */
const FOODS = [
  ['热菜', '宫保鸡丁', 1500],
  ['热菜', '红烧肉', 1800],
  ['热菜', '番茄炒蛋', 900],
  ['热菜', '清炒时蔬', 700],
  ['凉菜', '拍黄瓜', 500],
  ['主食', '米饭', 100],
  ['主食', '馒头', 100],
  ['汤品', '紫菜蛋花汤', 300],
] as const
const CARDS = ['C0001', 'C0002', 'C0003', 'C0004', 'C0005'] as const
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

export async function seedCanteenDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: depts.slice(0, 1) }
  const put = async <T extends Parameters<typeof stamped>[0]>(table: T, values: Record<string, unknown>) => {
    const id = nextId()
    await tx.insert(table).values(stamped(table, auth, { id, ...values }) as never)
    return id
  }

  const canteens = [
    await put(s.canteen, { name: '第一食堂', address: '园区 A 座一层', autoPublish: 1, orderAheadDays: 1 }),
    await put(s.canteen, { name: '第二食堂', address: '园区 C 座负一层', autoPublish: 0, orderAheadDays: 2 }),
  ]
  const categories = new Map<string, string>()
  for (const [i, name] of CATEGORIES.entries())
    categories.set(name, await put(s.canteenFoodCategory, { name, sort: i + 1 }))
  const foods: { canteenId: string; id: string; name: string; price: number }[] = []
  for (const canteenId of canteens)
    for (const [i, [category, name, price]] of FOODS.entries())
      foods.push({
        canteenId,
        name,
        price,
        id: await put(s.canteenFood, {
          canteenId,
          categoryId: categories.get(category),
          name,
          price,
          unit: '份',
          sort: i + 1,
        }),
      })
  for (const [category, name, price] of FOODS.slice(0, 4))
    await put(s.canteenCommonFood, { categoryId: categories.get(category), name, price, unit: '份' })

  for (const canteenId of canteens) {
    for (const [mealType, name, start, end, deadline] of [
      [1, '早餐', '07:00', '09:00', '06:30'],
      [2, '午餐', '11:30', '13:30', '10:30'],
      [3, '晚餐', '17:30', '19:30', '16:30'],
    ] as const) {
      await put(s.canteenMeal, {
        canteenId,
        name,
        mealType,
        mealMode: 1,
        startTime: start,
        endTime: end,
        orderDeadline: deadline,
      })
      await put(s.canteenPhase, { canteenId, name: `${name}时段`, startTime: start, endTime: end })
    }
    await put(s.canteenAllowance, { canteenId, name: '午餐补贴', mealType: 2, amount: 500 })
  }
  for (const [mealType, name, start, end] of [
    [1, '早餐', '07:00', '09:00'],
    [2, '午餐', '11:30', '13:30'],
    [3, '晚餐', '17:30', '19:30'],
  ] as const)
    await put(s.canteenMealTime, { name, mealType, startTime: start, endTime: end })
  for (const [date, name, dayType] of [
    ['2026-01-01', '元旦', 1],
    ['2026-10-01', '国庆节', 1],
    ['2026-10-10', '国庆调休', 2],
  ] as const)
    await put(s.canteenHoliday, { holidayDate: date, name, dayType })
  await put(s.canteenNotice, {
    title: '本周菜单已发布',
    content: '欢迎提前订餐, 每餐截止时间见餐次设置。',
    canteenId: canteens[0],
  })
  await put(s.canteenNotice, { title: '食堂卫生检查通知', content: '本周五下午进行食品安全检查。' })
  await put(s.canteenImage, { name: '首页横幅', url: '/favicon.svg', imgType: 1, sort: 1 })
  await put(s.canteenCook, {
    canteenId: canteens[0],
    name: '王师傅',
    phone: '13900000001',
    healthCertNo: 'JK2026-001',
    certExpire: new Date(Date.now() + 200 * 86_400_000),
  })
  await put(s.canteenCook, {
    canteenId: canteens[1],
    name: '李师傅',
    phone: '13900000002',
    healthCertNo: 'JK2026-002',
    certExpire: new Date(Date.now() + 20 * 86_400_000),
  })
  for (const [i, [name, result]] of (
    [
      ['宫保鸡丁', 1],
      ['红烧肉', 1],
      ['拍黄瓜', 0],
    ] as const
  ).entries())
    await put(s.canteenFoodSafe, {
      foodName: name,
      checkDate: new Date(Date.now() - (i + 1) * 86_400_000),
      inspector: '张检',
      result,
      pictures: '/favicon.svg',
      remark: result ? '' : '复检中',
    })
  const first = foods.filter((f) => f.canteenId === canteens[0])
  for (const [food, raw, supplier, origin] of [
    [first[0]!, '鸡胸肉', '鲜达食品', '山东'],
    [first[0]!, '花生米', '粮油批发', '河南'],
    [first[1]!, '五花肉', '鲜达食品', '江苏'],
    [first[2]!, '鸡蛋', '禽蛋合作社', '河北'],
  ] as const)
    await put(s.canteenFoodRaw, {
      foodId: food.id,
      rawName: raw,
      supplier,
      origin,
      batchNo: `B${day(-2).replaceAll('-', '')}`,
      purchaseDate: new Date(Date.now() - 2 * 86_400_000),
      inspectResult: '合格',
    })

  // two weeks of lunch and dinner menus (and tomorrow's), orders paid from the demo cards
  const cards = (await Promise.all(CARDS.map((no) => findCardByNo(tx, auth, no)))).filter(
    (c) => c !== undefined,
  )
  let n = 0
  for (let offset = -13; offset <= 1; offset++) {
    const date = day(offset)
    for (const canteenId of canteens)
      for (const mealType of [2, 3]) {
        const dishes = foods
          .filter((f) => f.canteenId === canteenId)
          .filter((_, i) => (i + offset + mealType) % 3 !== 0)
        const publishId = await put(s.canteenPublish, {
          canteenId,
          publishDate: date,
          mealType,
          foodCount: dishes.length,
          remark: '',
        })
        const lines = []
        for (const d of dishes)
          lines.push({
            dish: d,
            id: await put(s.canteenPublishFood, {
              publishId,
              foodId: d.id,
              foodName: d.name,
              price: d.price,
              stock: 0,
              sold: 0,
            }),
          })
        if (offset > 0 || canteenId !== canteens[0]) continue
        // a couple of orders per meal in the first canteen
        for (const k of [0, 1]) {
          const card = cards[(n + k) % cards.length]
          if (!card) continue
          const picked = [
            lines[(n + k) % lines.length]!,
            lines.find((l) => l.dish.name === '米饭') ?? lines[0]!,
          ]
          const total = picked.reduce((a, l) => a + l.dish.price, 0)
          const orderId = nextId()
          try {
            await debitCard(tx, auth, card.id, total, {
              billType: 2,
              sourceType: 'canteen_order',
              sourceId: orderId,
              remark: '订餐',
            })
          } catch {
            continue // the card ran out: no order
          }
          n++
          const refund = n % 9 === 0 ? Math.floor(total / 2) : 0
          await tx.insert(s.canteenOrder).values(
            stamped(s.canteenOrder, auth, {
              id: orderId,
              orderNo: `CTDEMO${String(n).padStart(6, '0')}`,
              canteenId,
              publishId,
              cardId: card.id,
              cardNo: card.cardNo,
              userName: card.holderName,
              orderDate: date,
              mealType,
              totalFee: total,
              payPrice: total,
              refundFee: refund,
              status: refund ? ORDER_STATUS.partlyRefunded : ORDER_STATUS.paid,
              payTime: new Date(Date.now() + offset * 86_400_000),
            }) as never,
          )
          for (const [j, l] of picked.entries()) {
            await put(s.canteenOrderFood, {
              orderId,
              publishFoodId: l.id,
              foodId: l.dish.id,
              foodName: l.dish.name,
              price: l.dish.price,
              quantity: 1,
              amount: l.dish.price,
              score: (n + j) % 3 === 0 ? 0 : 3 + ((n + j) % 3),
            })
            await tx
              .update(s.canteenPublishFood)
              .set({ sold: sql`${s.canteenPublishFood.sold} + 1` })
              .where(scoped(s.canteenPublishFood, auth, eq(s.canteenPublishFood.id, l.id)))
          }
          if (refund) {
            const refundId = await put(s.canteenRefund, { orderId, refundNo: `RFDEMO${n}`, amount: refund })
            await creditCard(tx, auth, card.id, refund, {
              billType: 3,
              sourceType: 'canteen_refund',
              sourceId: refundId,
              remark: '订单退款',
            })
          }
        }
      }
  }
}
