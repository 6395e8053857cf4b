import { ORDER, SHELF } from '@xpark/contract/modules/commodity'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { commodityMessage, commodityOrder, commodityOrderItem, commodityType } from './schema.js'

/** The demo park's shop: two type trees, a dozen listings, orders in every state. */

const TYPES = [
  {
    code: 'FOOD',
    name: '食品饮料',
    children: [
      ['DRINK', '饮料'],
      ['SNACK', '零食'],
    ],
  },
  {
    code: 'DAILY',
    name: '日用百货',
    children: [
      ['CLEAN', '清洁用品'],
      ['OFFICE', '办公用品'],
    ],
  },
] as const

/** [type code, code, name, price in cents, stock, unit, on the shelf] */
const LISTINGS = [
  ['DRINK', 'W001', '矿泉水 550ml', 200, 480, '瓶', true],
  ['DRINK', 'W002', '绿茶 500ml', 350, 240, '瓶', true],
  ['DRINK', 'W003', '咖啡 250ml', 800, 120, '罐', true],
  ['SNACK', 'S001', '苏打饼干', 650, 90, '盒', true],
  ['SNACK', 'S002', '坚果礼盒', 9900, 12, '盒', false],
  ['CLEAN', 'C001', '抽纸 3 包装', 1590, 60, '提', true],
  ['CLEAN', 'C002', '洗手液 500ml', 2280, 35, '瓶', true],
  ['OFFICE', 'O001', 'A4 复印纸', 2900, 40, '包', true],
  ['OFFICE', 'O002', '中性笔 12 支', 1800, 75, '盒', true],
  ['OFFICE', 'O003', '订书机', 2500, 0, '个', false],
] as const

export async function seedCommodityDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: depts.slice(0, 1) }
  const typeIds = new Map<string, string>()
  for (const [i, t] of TYPES.entries()) {
    const id = nextId()
    typeIds.set(t.code, id)
    await tx
      .insert(commodityType)
      .values(stamped(commodityType, auth, { id, code: t.code, name: t.name, sort: i + 1 }) as never)
    for (const [j, [code, name]] of t.children.entries()) {
      const child = nextId()
      typeIds.set(code, child)
      await tx
        .insert(commodityType)
        .values(stamped(commodityType, auth, { id: child, parentId: id, code, name, sort: j + 1 }) as never)
    }
  }
  const listingIds = new Map<string, { id: string; name: string; price: number }>()
  for (const [i, [type, code, name, price, stock, unit, on]] of LISTINGS.entries()) {
    const id = nextId()
    listingIds.set(code, { id, name, price })
    await tx.insert(commodityMessage).values(
      stamped(commodityMessage, auth, {
        id,
        typeId: typeIds.get(type)!,
        code,
        name,
        price,
        stock,
        unit,
        sort: i + 1,
        status: on ? SHELF.on : SHELF.off,
      }) as never,
    )
  }
  // four weeks of orders, a few a day, in every state (the newest still open)
  const buyers = [
    ['张伟', '13800138001'],
    ['李娜', '13800138002'],
    ['王强', '13800138003'],
    ['刘洋', '13800138004'],
    ['陈静', '13800138005'],
  ] as const
  const codes = ['W001', 'W002', 'W003', 'S001', 'C001', 'C002', 'O001', 'O002'] as const
  const orders = Array.from({ length: 36 }, (_, i) => {
    const daysAgo = Math.floor((35 - i) / 1.3)
    const status =
      i >= 33 ? ORDER.placed : i >= 30 ? ORDER.paid : i % 9 === 4 ? ORDER.cancelled : ORDER.completed
    const items = [
      [codes[i % codes.length]!, 1 + (i % 4)],
      ...(i % 3 === 0 ? [[codes[(i + 3) % codes.length]!, 1 + (i % 2)] as const] : []),
    ] as const
    const [buyer, phone] = buyers[i % buyers.length]!
    return { buyer, phone, status, items, daysAgo }
  })
  const now = Date.now()
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const seq = new Map<string, number>()
  for (const [i, o] of orders.entries()) {
    const orderId = nextId()
    const lines = o.items.map(([code, quantity]) => {
      const l = listingIds.get(code)!
      return {
        commodityId: l.id,
        commodityName: l.name,
        price: l.price,
        quantity,
        amount: l.price * quantity,
      }
    })
    const at = new Date(now - o.daysAgo * 86_400_000 - (i % 5) * 3_600_000)
    const day = `SO${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`
    seq.set(day, (seq.get(day) ?? 0) + 1)
    await tx.insert(commodityOrder).values(
      stamped(commodityOrder, auth, {
        id: orderId,
        orderNo: `${day}${pad(seq.get(day)!, 4)}`,
        orderTime: at,
        buyerName: o.buyer,
        buyerPhone: o.phone,
        status: o.status,
        totalAmount: lines.reduce((s, l) => s + l.amount, 0),
        itemCount: lines.reduce((s, l) => s + l.quantity, 0),
        payTime: o.status === ORDER.paid || o.status === ORDER.completed ? at : null,
      }) as never,
    )
    await tx
      .insert(commodityOrderItem)
      .values(lines.map((l) => stamped(commodityOrderItem, auth, { ...l, orderId })) as never)
  }
}
