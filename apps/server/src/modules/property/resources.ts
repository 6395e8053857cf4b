import {
  ADVICE,
  ADVICE_TEXTS,
  adviceContract,
  appraiseContract,
  checkItemContract,
  cleanContract,
  communityMachineContract,
  ORDER,
  ORDER_KIND,
  ORDER_TEXTS,
  repairContract,
  VISITOR,
  VISITOR_TEXTS,
  visitorContract,
} from '@xpark/contract/modules/property'
import { and, eq, sql } from 'drizzle-orm'
import { type ActionContext, defineResource, lookup } from '../../core/crud/index.js'
import { machines, parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'
import { assertCommunity } from './communities.js'
import { orderActions, orderRules } from './orders.js'
import {
  propertyAdvice,
  propertyAppraise,
  propertyCheckItem,
  propertyClean,
  propertyMachine,
  propertyRepair,
  propertyVisitor,
} from './schema.js'

/** The property resources: orders and appraisals, community machines, check lists, advice, visitors. */

const communityName = lookup(dept, 'deptName', 'communityId')
const userName = (column: string) => lookup(user, 'realName', column)
/** only a 待受理 order is edited or removed: after that it belongs to its moves */
const settled = {
  field: 'status',
  in: [ORDER.dispatched, ORDER.working, ORDER.rating, ORDER.done, ORDER.cancelled],
  message: ORDER_TEXTS.onlyPending,
}

const scoreOf = (kind: number, table: string) => () =>
  sql`(select a.score from ${propertyAppraise} a where a.tenant_id = ${sql.identifier(table)}.tenant_id and a.kind = ${kind} and a.order_id = ${sql.identifier(table)}.id and a.is_deleted = 0 limit 1)`

const orderExpand = (kind: number, table: string) => ({
  communityName,
  reporterName: userName('reporterId'),
  workerName: userName('workerId'),
  score: scoreOf(kind, table),
})

export const repairs = defineResource({
  contract: repairContract,
  table: propertyRepair,
  references: { communityId: 'checked' },
  beforeWrite: orderRules(ORDER_KIND.repair),
  readonlyWhen: settled,
  expand: orderExpand(ORDER_KIND.repair, 'xpark_property_repair'),
  actions: { updateRepairInfo: orderActions(propertyRepair, ORDER_KIND.repair) },
})

export const cleans = defineResource({
  contract: cleanContract,
  table: propertyClean,
  references: { communityId: 'checked' },
  beforeWrite: orderRules(ORDER_KIND.clean),
  readonlyWhen: settled,
  expand: orderExpand(ORDER_KIND.clean, 'xpark_property_clean'),
  actions: { updateCleanInfo: orderActions(propertyClean, ORDER_KIND.clean) },
})

const orderNoOf = () =>
  sql`(case when ${sql.identifier('xpark_property_appraise')}.kind = 1
    then (select o.order_no from ${propertyRepair} o where o.id = ${sql.identifier('xpark_property_appraise')}.order_id)
    else (select o.order_no from ${propertyClean} o where o.id = ${sql.identifier('xpark_property_appraise')}.order_id) end)`

/** 维修评价: written only by the appraise move; read here. */
export const appraisals = defineResource({
  contract: appraiseContract,
  table: propertyAppraise,
  expand: {
    orderNo: orderNoOf,
    communityName,
    workerName: userName('workerId'),
    reporterName: userName('reporterId'),
  },
})

export const communityMachines = defineResource({
  contract: communityMachineContract,
  table: propertyMachine,
  references: { communityId: 'checked', machineId: { to: () => machines, message: '设备不存在' } },
  unique: [{ fields: ['machineId'], message: '该设备已属于一个社区' }],
  beforeWrite: async ({ tx, auth, values }) => assertCommunity(tx, auth, values.communityId),
  expand: {
    communityName,
    machineName: lookup(parkMachine, 'name', 'machineId'),
    machineCode: lookup(parkMachine, 'code', 'machineId'),
    machineType: lookup(parkMachine, 'type', 'machineId'),
  },
})

export const checkItems = defineResource({
  contract: checkItemContract,
  table: propertyCheckItem,
  references: { communityId: 'checked' },
  beforeWrite: async ({ tx, auth, values }) => assertCommunity(tx, auth, values.communityId),
  expand: { communityName },
})

export const advices = defineResource({
  contract: adviceContract,
  table: propertyAdvice,
  references: { communityId: 'checked' },
  beforeWrite: async ({ tx, auth, values }) => assertCommunity(tx, auth, values.communityId),
  readonlyWhen: { field: 'status', in: [ADVICE.replied], message: ADVICE_TEXTS.replied },
  expand: { communityName, reporterName: userName('createUser'), replyUserName: userName('replyUser') },
  actions: {
    reply: {
      run: async ({ tx, auth, rows, input }: ActionContext) => {
        for (const row of rows)
          await tx
            .update(propertyAdvice)
            .set({ reply: String(input.reply).trim(), replyUser: auth.userId, replyTime: new Date() })
            .where(and(eq(propertyAdvice.tenantId, auth.tenantId), eq(propertyAdvice.id, String(row.id))))
      },
    },
  },
})

export const visitors = defineResource({
  contract: visitorContract,
  table: propertyVisitor,
  references: { communityId: 'checked' },
  beforeWrite: async ({ tx, auth, values }) => assertCommunity(tx, auth, values.communityId),
  readonlyWhen: { field: 'status', in: [VISITOR.granted, VISITOR.expired], message: VISITOR_TEXTS.granted },
  expand: {
    communityName,
    // the machines it is (still) granted on
    machineCount: () =>
      sql`(select count(*)::int from xpark_machine_grant g where g.tenant_id = ${sql.identifier('xpark_property_visitor')}.tenant_id and g.user_id = ${sql.identifier('xpark_property_visitor')}.id and g.is_deleted = 0)`,
  },
})
