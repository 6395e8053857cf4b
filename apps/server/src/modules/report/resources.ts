import { reportPartnerContract } from '@xpark/contract/modules/report'
import { sql } from 'drizzle-orm'
import { defineResource } from '../../core/crud/index.js'
import { canteenOrder } from '../canteen/index.js'
import { commodityOrder } from '../commodity/index.js'
import { reportPartner } from './schema.js'

/** A live order of the partner's tenant carrying the partner's code in `channel`. */
const carried = (orders: typeof commodityOrder | typeof canteenOrder) =>
  sql`exists (select 1 from ${orders} o where o.channel = ${reportPartner.code} and o.tenant_id = ${reportPartner.tenantId} and o.is_deleted = 0)`

/** 合作渠道: a partner whose code orders carry stays (its figures would lose their name). */
export const reportPartners = defineResource({
  contract: reportPartnerContract,
  table: reportPartner,
  unique: [{ fields: ['code'], message: '渠道编码已存在' }],
  inUse: [
    { when: carried(commodityOrder), message: '该渠道已有商品订单, 不能删除: {label}' },
    { when: carried(canteenOrder), message: '该渠道已有订餐订单, 不能删除: {label}' },
  ],
})
