import { analysisCalls } from '@xpark/contract/modules/analysis'
import { asc, desc, sql } from 'drizzle-orm'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { MACHINE_TYPE_NAMES, machineFaultType, parkMachine } from '../../device/index.js'
import { byDay, byLabel, figureOn, rangeOf, within } from '../figures.js'
import { repairDaily } from '../schema.js'

/** 报修分析 (`/repairAnalysis/…`, issue 31): the 设备报修 repairs, read from their daily aggregate. */

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number)
/** the machines repaired most, at most this many */
const TOP_MACHINES = 20

export function registerRepairRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const figure = figureOn(api)
  const C = analysisCalls
  const typeName = (type: number) => MACHINE_TYPE_NAMES[type] ?? (type === 0 ? '未指定' : String(type))
  const faultName = sql<string>`coalesce((select f.name from ${machineFaultType} f where f.id = ${repairDaily.faultTypeId}), '未指定')`

  figure(C.repairCountData, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({ day: repairDaily.day, repairs: sum(repairDaily.repairs), done: sum(repairDaily.done) })
      .from(repairDaily)
      .where(within(repairDaily, tenantId, range, p))
      .groupBy(repairDaily.day)
    return byDay(range, rows, ['repairs', 'done'])
  })

  figure(C.equipmentType, async (p, tenantId) => {
    const rows = await db
      .select({
        type: repairDaily.machineType,
        repairs: sum(repairDaily.repairs),
        done: sum(repairDaily.done),
      })
      .from(repairDaily)
      .where(within(repairDaily, tenantId, rangeOf(p), p))
      .groupBy(repairDaily.machineType)
      .orderBy(asc(repairDaily.machineType))
    return byLabel(
      rows.map((r) => ({ ...r, label: typeName(r.type) })),
      ['repairs', 'done'],
    )
  })

  figure(C.faultType, async (p, tenantId) => {
    const rows = await db
      .select({ label: faultName, repairs: sum(repairDaily.repairs), done: sum(repairDaily.done) })
      .from(repairDaily)
      .where(within(repairDaily, tenantId, rangeOf(p), p))
      .groupBy(repairDaily.faultTypeId)
      .orderBy(desc(sum(repairDaily.repairs)), asc(faultName))
    return byLabel(rows, ['repairs', 'done'])
  })

  figure(C.equipmentRepairType, async (p, tenantId) => {
    const rows = await db
      .select({ type: repairDaily.machineType, fault: faultName, repairs: sum(repairDaily.repairs) })
      .from(repairDaily)
      .where(within(repairDaily, tenantId, rangeOf(p), p))
      .groupBy(repairDaily.machineType, repairDaily.faultTypeId)
      .orderBy(asc(repairDaily.machineType), desc(sum(repairDaily.repairs)), asc(faultName))
    return byLabel(
      rows.map((r) => ({ ...r, label: `${typeName(r.type)} / ${r.fault}` })),
      ['repairs'],
    )
  })

  figure(C.repairCodeSum, async (p, tenantId) => {
    const machine = sql<string>`coalesce((select m.code || ' ' || m.name from ${parkMachine} m where m.id = ${repairDaily.machineId}), '未指定')`
    const rows = await db
      .select({ label: machine, repairs: sum(repairDaily.repairs), done: sum(repairDaily.done) })
      .from(repairDaily)
      .where(within(repairDaily, tenantId, rangeOf(p), p))
      .groupBy(repairDaily.machineId)
      .orderBy(desc(sum(repairDaily.repairs)), asc(machine))
      .limit(TOP_MACHINES)
    return byLabel(rows, ['repairs', 'done'])
  })
}
