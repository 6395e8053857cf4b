import {
  ALARM,
  ALARM_TEXTS,
  alarmContract,
  alarmGroupContract,
  alarmRuleContract,
  RULE_KIND,
  RULE_SCOPE,
} from '@xpark/contract/modules/alarm'
import { and, eq, getTableName, inArray, lt, sql } from 'drizzle-orm'
import { defineResource, lookup, lookupMany, type WriteContext } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { touched } from '../../core/tenancy.js'
import { assetPlaces } from '../asset/index.js'
import { machines, parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { warehouses } from '../storage/index.js'
import { boundEngine } from './engine.js'
import { publishAlarms } from './raise.js'
import { alarm, alarmGroup, alarmRule } from './schema.js'

/** The alarm resources: groups, rules, and the records (claimed, closed, deleted; written by the intake). */

export const alarmGroups = defineResource({
  contract: alarmGroupContract,
  table: alarmGroup,
  unique: [{ fields: ['name'], message: '告警组名称已存在' }],
  references: { userIds: { to: user, many: true, message: '组成员不存在' } },
  expand: { userNames: lookupMany(user, 'realName', 'userIds') },
  inUse: [
    {
      table: alarmRule,
      column: 'groupIds',
      many: true,
      message: '告警组正在被告警规则使用, 不能删除: {label}',
    },
  ],
})

type RuleValues = Record<string, unknown>

const present = (v: unknown) => v !== undefined && v !== null && v !== ''

/**
 * A rule says what it watches and where: a metric rule its metric, operator and threshold, an event
 * rule its type; a scope its machine type, place or machines. Checked on the row as it will be (an
 * update sends what changes).
 */
async function ruleShape({ tx, values, id }: WriteContext<RuleValues>): Promise<void> {
  let v: RuleValues = values
  if (id) {
    const [current] = await tx.select().from(alarmRule).where(eq(alarmRule.id, id))
    v = { ...current, ...values }
  }
  if (Number(v.kind) === RULE_KIND.metric) {
    if (!present(v.metric) || !present(v.operator) || !present(v.threshold))
      throw badRequest(ALARM_TEXTS.metricNeeded)
  } else if (!present(v.eventType)) throw badRequest(ALARM_TEXTS.eventNeeded)
  const scope = Number(v.scopeType)
  if (scope === RULE_SCOPE.type && !present(v.machineType)) throw badRequest(ALARM_TEXTS.scopeType)
  if (scope === RULE_SCOPE.place && !present(v.roomId) && !present(v.warehouseId))
    throw badRequest(ALARM_TEXTS.scopePlace)
  if (scope === RULE_SCOPE.list && !present(v.machineIds)) throw badRequest(ALARM_TEXTS.scopeList)
}

const alarmTable = sql.identifier(getTableName(alarm))
const ruleTable = sql.identifier(getTableName(alarmRule))

export const alarmRules = defineResource({
  contract: alarmRuleContract,
  table: alarmRule,
  unique: [{ fields: ['name'], message: '告警规则名称已存在' }],
  references: {
    roomId: { to: () => assetPlaces, message: '所选位置不存在' },
    warehouseId: { to: () => warehouses, message: '所选位置不存在' },
    machineIds: { to: () => machines, many: true, message: '设备不存在' },
    groupIds: { to: () => alarmGroups, many: true, message: '告警组不存在' },
  },
  expand: {
    groupNames: lookupMany(alarmGroup, 'name', 'groupIds'),
    openCount: () =>
      sql`(select count(*)::int from ${alarmTable} a where a.rule_id = ${ruleTable}.id and a.tenant_id = ${ruleTable}.tenant_id and a.status < 2 and a.is_deleted = 0)`,
  },
  beforeWrite: (ctx) => ruleShape(ctx as WriteContext<RuleValues>),
  inUse: [
    { table: alarm, column: 'ruleId', where: lt(alarm.status, ALARM.closed), message: ALARM_TEXTS.ruleOpen },
  ],
  // every node recompiles the tenant's rules (the bus)
  afterCommit: async ({ auth }) => void (await boundEngine()?.changed(auth.tenantId)),
})

const changed = (tenantId: string, rows: readonly Record<string, unknown>[], status: number) => {
  const engine = boundEngine()
  if (engine)
    void publishAlarms(
      engine.context,
      tenantId,
      rows.map((r) => ({ id: String(r.id), status })),
    ).catch((error) => engine.log.warn({ err: error }, 'alarm live event not published'))
}

export const alarms = defineResource({
  contract: alarmContract,
  table: alarm,
  omit: ['dedupeKey'],
  // alarms are the park's, not a person's: written by the intake, no creator to scope them by
  scope: false,
  expand: {
    ruleName: lookup(alarmRule, 'name', 'ruleId'),
    machineName: lookup(parkMachine, 'name', 'machineId'),
    handlerName: lookup(user, 'realName', 'handlerId'),
  },
  inUse: [{ when: lt(alarm.status, ALARM.closed), message: ALARM_TEXTS.notClosed }],
  afterCommit: async ({ auth, ids, verb }) => {
    if (verb === 'remove')
      changed(
        auth.tenantId,
        ids.map((id) => ({ id })),
        -1,
      )
  },
  actions: {
    claimAlarm: {
      run: async ({ tx, auth, rows }) => {
        await tx
          .update(alarm)
          .set(touched(alarm, auth, { handlerId: auth.userId }) as never)
          .where(
            and(
              eq(alarm.tenantId, auth.tenantId),
              inArray(
                alarm.id,
                rows.map((r) => String(r.id)),
              ),
            ),
          )
      },
      after: async ({ auth, rows }) => changed(auth.tenantId, rows, ALARM.claimed),
    },
    closeAlarm: {
      run: async ({ tx, auth, rows, input }) => {
        await tx
          .update(alarm)
          .set(
            touched(alarm, auth, {
              remark: String(input.remark),
              closeTime: new Date(),
              handlerId: sql`coalesce(${alarm.handlerId}, ${auth.userId})`,
            }) as never,
          )
          .where(
            and(
              eq(alarm.tenantId, auth.tenantId),
              inArray(
                alarm.id,
                rows.map((r) => String(r.id)),
              ),
            ),
          )
      },
      after: async ({ auth, rows }) => changed(auth.tenantId, rows, ALARM.closed),
    },
  },
})
