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
  const day = new Date()
  const stamp = `${day.getFullYear()}${String(day.getMonth() + 1).padStart(2, '0')}${String(day.getDate()).padStart(2, '0')}`
  const orders = [
    {
      buyer: '张伟',
      phone: '13800138001',
      status: ORDER.placed,
      items: [
        ['W001', 6],
        ['S001', 2],
      ],
    },
    {
      buyer: '李娜',
      phone: '13800138002',
      status: ORDER.paid,
      items: [
        ['C001', 1],
        ['C002', 2],
      ],
    },
    {
      buyer: '王强',
      phone: '13800138003',
      status: ORDER.completed,
      items: [
        ['O001', 5],
        ['O002', 1],
      ],
    },
    { buyer: '刘洋', phone: '13800138004', status: ORDER.cancelled, items: [['W003', 3]] },
  ] as const
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
    await tx.insert(commodityOrder).values(
      stamped(commodityOrder, auth, {
        id: orderId,
        orderNo: `SO${stamp}${String(i + 1).padStart(4, '0')}`,
        buyerName: o.buyer,
        buyerPhone: o.phone,
        status: o.status,
        totalAmount: lines.reduce((s, l) => s + l.amount, 0),
        itemCount: lines.reduce((s, l) => s + l.quantity, 0),
        payTime: o.status === ORDER.paid || o.status === ORDER.completed ? day : null,
      }) as never,
    )
    await tx
      .insert(commodityOrderItem)
      .values(lines.map((l) => stamped(commodityOrderItem, auth, { ...l, orderId })) as never)
  }
}
