import {
  commandLogContract,
  grantContract,
  machineContract,
  reportRuleContract,
} from '@xpark/contract/modules/device'
import { eq, sql } from 'drizzle-orm'
import { lookup } from '../../core/crud/expand.js'
import { defineResource } from '../../core/crud/index.js'
import { presenceExpand } from '../../core/devices/index.js'
import { deviceCommand as commandTable } from '../../core/devices/schema.js'
import { badRequest } from '../../core/errors.js'
import { assetPlace, assetPlaces } from '../asset/index.js'
import { user } from '../identity/index.js'
import { storageWarehouse, warehouses } from '../storage/index.js'
import { machineGrant, parkMachine, reportRule } from './schema.js'

/** The device resources: machines (live), report rules, grants (read side), the command log. */

export const machines = defineResource({
  contract: machineContract,
  table: parkMachine,
  unique: [{ fields: ['code'], message: '设备编码已存在: {code}' }],
  references: {
    roomId: { to: () => assetPlaces, message: '所选机房不存在' },
    warehouseId: { to: () => warehouses, message: '所选仓库不存在' },
  },
  expand: {
    roomName: lookup(assetPlace, 'name', 'roomId'),
    warehouseName: lookup(storageWarehouse, 'name', 'warehouseId'),
    reportRuleName: lookup(reportRule, 'name', 'reportRuleId'),
    online: presenceExpand('online'),
    lastSeenAt: presenceExpand('lastSeenAt'),
  },
  // a machine stands in one place at most; its code is its name on MQTT and does not change
  beforeWrite: async ({ tx, values, id }) => {
    if (values.roomId && values.warehouseId) throw badRequest('设备只能放在一个位置: 机房或仓库')
    if (id && values.code !== undefined) {
      const [row] = await tx
        .select({ code: parkMachine.code })
        .from(parkMachine)
        .where(eq(parkMachine.id, id))
      if (row && row.code !== values.code) throw badRequest('设备编码不能修改')
    }
  },
  inUse: [
    {
      table: machineGrant,
      column: 'machineId',
      message: '设备已授权给人员, 请先删除授权: {label}',
    },
  ],
})

export const reportRules = defineResource({
  contract: reportRuleContract,
  table: reportRule,
  unique: [{ fields: ['name'], message: '规则名称已存在: {name}' }],
  expand: {
    machineCount: (_outer) =>
      sql`(select count(*)::int from xpark_machine m where m.tenant_id = ${sql.identifier('xpark_report_rule')}.tenant_id and m.report_rule_id = ${sql.identifier('xpark_report_rule')}.id and m.is_deleted = 0)`,
  },
  inUse: [{ table: parkMachine, column: 'reportRuleId', message: '规则下还有设备, 请先移出: {label}' }],
})

/** The grants' page (`querySyncUserMachine`); written by the grant calls (routes/grants.ts). */
export const grants = defineResource({
  contract: grantContract,
  table: machineGrant,
  references: { machineId: { to: () => machines }, userId: { to: user, message: '人员不存在' } },
  expand: {
    machineCode: lookup(parkMachine, 'code', 'machineId'),
    machineName: lookup(parkMachine, 'name', 'machineId'),
    roomName: (_outer) =>
      sql`(select p.name from xpark_machine m join xpark_asset_place p on p.id = m.room_id where m.id = ${sql.identifier('xpark_machine_grant')}.machine_id)`,
    // an account's name, or the name of a person who is none (a visitor granted for a day)
    userName: (_outer) =>
      sql`coalesce((select u.real_name from ${user} u where u.id = ${sql.identifier('xpark_machine_grant')}.user_id), ${sql.identifier('xpark_machine_grant')}.person_name)`,
  },
})

/** 控制记录: read-only. */
export const commandLog = defineResource({
  contract: commandLogContract,
  table: commandTable,
  expand: {
    machineName: lookup(parkMachine, 'name', 'machineId'),
    createUserName: lookup(user, 'realName', 'createUser'),
  },
})
