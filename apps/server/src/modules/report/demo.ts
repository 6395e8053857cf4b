import { PARTNER_KIND } from '@xpark/contract/modules/report'
import { sql } from 'drizzle-orm'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { canteenOrder } from '../canteen/index.js'
import { commodityOrder } from '../commodity/index.js'
import { reportPartner, savedReport } from './schema.js'

/**
 * The demo park's partners (two supermarkets, two platforms) and a share of the demo orders placed
 * through them: commodity and canteen seed their orders first (MODULES order), then a share of them
 * is given a channel here, as an order placed for a channel would carry it.
 */

/** [code, name, kind] */
const PARTNERS = [
  ['darunfa', '大润发', PARTNER_KIND.supermarket],
  ['walmart', '沃尔玛', PARTNER_KIND.supermarket],
  ['tietong', '铁通', PARTNER_KIND.platform],
  ['yidong', '移动', PARTNER_KIND.platform],
] as const

export async function seedReportDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: depts.slice(0, 1) }
  for (const [code, name, kind] of PARTNERS)
    await tx
      .insert(reportPartner)
      .values(stamped(reportPartner, auth, { id: nextId(), code, name, kind }) as never)
  // every third commodity order through 大润发, every fifth of the rest through 沃尔玛
  await tx.execute(sql`
    update ${commodityOrder} set channel = case when n % 3 = 0 then 'darunfa' else 'walmart' end
    from (select id as order_id, row_number() over (order by id) as n from ${commodityOrder}
          where tenant_id = ${tenantId}) numbered
    where ${commodityOrder.id} = numbered.order_id and (n % 3 = 0 or n % 5 = 0)`)
  // canteen orders: every third through 铁通, every fourth of the rest through 移动
  await tx.execute(sql`
    update ${canteenOrder} set channel = case when n % 3 = 0 then 'tietong' else 'yidong' end
    from (select id as order_id, row_number() over (order by id) as n from ${canteenOrder}
          where tenant_id = ${tenantId}) numbered
    where ${canteenOrder.id} = numbered.order_id and (n % 3 = 0 or n % 4 = 0)`)
  await tx.insert(savedReport).values(
    stamped(savedReport, auth, {
      id: nextId(),
      name: '大润发渠道统计',
      path: '/report/partner',
      view: { filters: { partner: 'darunfa' } },
      ownerId: auth.userId,
    }) as never,
  )
}
