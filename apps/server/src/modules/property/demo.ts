import {
  ADVICE,
  ADVICE_TYPE,
  COMMUNITY_CATEGORY,
  ORDER,
  ORDER_KIND,
  VISITOR,
} from '@xpark/contract/modules/property'
import { and, eq, inArray } from 'drizzle-orm'
import { dayOf } from '../../core/days.js'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { parkMachine } from '../device/index.js'
import { dept } from '../org/index.js'
import {
  propertyAdvice,
  propertyAppraise,
  propertyCheckItem,
  propertyClean,
  propertyHotspot,
  propertyMachine,
  propertyOrderLog,
  propertyRepair,
  propertyVisitor,
} from './schema.js'

const DAY = 86_400_000
const pad = (n: number) => String(n).padStart(4, '0')

/**
 * The demo park's property services: two communities under the root department, the face terminal
 * and the A 栋 door as the first one's visitor machines, orders in each state (the staff account the
 * worker), an appraisal, complaints and suggestions, a visitor for today, check items, hot cities.
 */
export async function seedPropertyDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  const worker = users.get('staff')
  const root = depts[0]
  if (!admin || !worker || !root) return
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const insert = async (table: Parameters<typeof stamped>[0], values: Record<string, unknown>) => {
    const row = stamped(table, auth, { id: nextId(), ...values })
    await tx.insert(table as typeof propertyRepair).values(row as never)
    return String(row.id)
  }
  const [top] = await tx.select({ ancestors: dept.ancestors }).from(dept).where(eq(dept.id, root))
  const communities: string[] = []
  for (const [i, name] of ['阳光社区', '翠湖社区'].entries())
    communities.push(
      await insert(dept, {
        parentId: root,
        ancestors: `${top?.ancestors ?? '0'},${root}`,
        deptCategory: COMMUNITY_CATEGORY,
        deptName: name,
        fullName: name,
        sort: 10 + i,
      }),
    )
  const [sunny, lake] = communities as [string, string]

  const doors = await tx
    .select({ id: parkMachine.id, code: parkMachine.code })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), inArray(parkMachine.code, ['FACE-A1', 'DOOR-A1'])))
  for (const m of doors)
    await insert(propertyMachine, { communityId: sunny, machineId: m.id, visitor: 1, remark: '访客机' })

  const now = Date.now()
  const ago = (days: number) => new Date(now - days * DAY)
  const repairsPlan: [string, string, string, number][] = [
    ['3栋2单元楼道灯不亮', '3栋2单元', 'water', ORDER.pending],
    ['5栋电梯异响', '5栋电梯', 'lift', ORDER.dispatched],
    ['小区东门门禁损坏', '东门', 'door', ORDER.working],
    ['2栋102卫生间漏水', '2栋102', 'water', ORDER.rating],
    ['儿童乐园滑梯松动', '儿童乐园', 'public', ORDER.done],
  ]
  for (const [i, [title, place, typeKey, status]] of repairsPlan.entries()) {
    const dispatched = status >= ORDER.dispatched
    const id = await insert(propertyRepair, {
      orderNo: `BX${dayOf(ago(6 - i)).replaceAll('-', '')}${pad(i + 1)}`,
      communityId: i % 2 ? lake : sunny,
      title,
      place,
      typeKey,
      troubleKey: typeKey === 'water' ? 'leak' : 'broken',
      content: title,
      contactName: '张先生',
      contactPhone: '13800000000',
      reporterId: admin,
      workerId: dispatched ? worker : null,
      dispatchTime: dispatched ? ago(5 - i) : null,
      acceptTime: status >= ORDER.working ? ago(5 - i) : null,
      finishTime: status >= ORDER.rating ? ago(4 - i) : null,
      completeTime: status === ORDER.done ? ago(0) : null,
      result: status >= ORDER.rating ? '已更换配件, 恢复正常' : '',
      status,
      createTime: ago(6 - i),
    })
    if (status === ORDER.done)
      await insert(propertyAppraise, {
        kind: ORDER_KIND.repair,
        orderId: id,
        communityId: i % 2 ? lake : sunny,
        workerId: worker,
        reporterId: admin,
        score: 5,
        content: '维修及时, 师傅很专业',
      })
    for (let s = ORDER.pending; s < status; s++)
      await insert(propertyOrderLog, {
        kind: ORDER_KIND.repair,
        orderId: id,
        fromStatus: s,
        toStatus: s + 1,
        userId: s === ORDER.pending ? admin : s === ORDER.rating ? admin : worker,
      })
  }
  for (const [i, [place, typeKey, status]] of (
    [
      ['1栋大堂', 'daily', ORDER.pending],
      ['地下车库', 'deep', ORDER.dispatched],
    ] as const
  ).entries())
    await insert(propertyClean, {
      orderNo: `BJ${dayOf(ago(2 - i)).replaceAll('-', '')}${pad(i + 1)}`,
      communityId: sunny,
      place,
      typeKey,
      content: '请安排保洁',
      reporterId: admin,
      workerId: status === ORDER.dispatched ? worker : null,
      dispatchTime: status === ORDER.dispatched ? ago(1) : null,
      status,
    })

  await insert(propertyAdvice, {
    communityId: sunny,
    adviceType: ADVICE_TYPE.complaint,
    content: '夜间广场舞噪音太大',
    contactName: '李女士',
    contactPhone: '13900000000',
  })
  await insert(propertyAdvice, {
    communityId: lake,
    adviceType: ADVICE_TYPE.suggestion,
    content: '建议增加电动车充电桩',
    reply: '感谢建议, 已列入下季度计划',
    replyUser: admin,
    replyTime: ago(1),
    status: ADVICE.replied,
  })
  await insert(propertyVisitor, {
    communityId: sunny,
    visitorName: '王访客',
    visitorPhone: '13700000000',
    hostHouse: '3栋2单元301',
    hostName: '赵业主',
    visitDate: dayOf(new Date(now)),
    reason: '探亲',
    status: VISITOR.registered,
  })
  for (const [i, [name, category, content]] of [
    ['消防通道畅通', 'fire', '通道无杂物堆放'],
    ['灭火器压力正常', 'fire', '压力表指针在绿区'],
    ['电梯运行正常', 'device', '无异响, 平层准确'],
    ['公共区域卫生', 'hygiene', '地面无垃圾, 无积水'],
  ].entries())
    await insert(propertyCheckItem, { name, category, content, sort: i + 1 })
  for (const [i, cityCode] of ['3201', '3205'].entries())
    await insert(propertyHotspot, { cityCode, sort: i + 1 })
}
