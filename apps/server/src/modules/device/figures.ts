import { machineContract } from '@xpark/contract/modules/device'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { devicePresence } from '../../core/devices/schema.js'
import { defineStatistic, figure, type StatisticReader } from '../../core/statistics/index.js'
import { percent, readerWhere, viewCode } from '../../core/statistics/parts.js'
import { MACHINE_TYPE_NAMES } from './dicts.js'
import { machines } from './resources.js'
import { parkMachine } from './schema.js'

/**
 * The machines' statistics (docs/modules.md "Statistics"): online now, and how many of each type.
 * Online as the machine list says it (core/devices/expand.ts): its last word was online and it spoke
 * within three report intervals of the reader's now.
 */

const VIEW = viewCode(machineContract.permissions.view)

/** The machines the reader may see, by type: how many, how many online. */
async function byType(reader: StatisticReader) {
  return reader.db
    .select({
      type: parkMachine.type,
      machines: sql<number>`count(*)::int`.mapWith(Number),
      online:
        sql<number>`(count(*) filter (where ${devicePresence.online} and ${devicePresence.lastSeenAt} >= ${reader.now}::timestamptz - make_interval(secs => ${devicePresence.intervalSeconds} * 3)))::int`.mapWith(
          Number,
        ),
    })
    .from(parkMachine)
    .leftJoin(
      devicePresence,
      and(eq(devicePresence.tenantId, parkMachine.tenantId), eq(devicePresence.machine, parkMachine.code)),
    )
    .where(await readerWhere(machines, reader))
    .groupBy(parkMachine.type)
    .orderBy(asc(parkMachine.type))
}

const typeName = (type: number) => MACHINE_TYPE_NAMES[type] ?? String(type)

export const devicesOnline = defineStatistic({
  name: 'device.online',
  title: '设备在线率',
  en: 'Machines online',
  kinds: ['gauge', 'pie'],
  permission: VIEW,
  params: z.object({}),
  run: async (_, reader) => {
    const rows = await byType(reader)
    const all = rows.reduce((n, r) => n + r.machines, 0)
    const online = rows.reduce((n, r) => n + r.online, 0)
    return figure({
      value: percent(online, all),
      unit: '%',
      max: 100,
      labels: ['在线', '离线'],
      series: [{ name: '设备', data: [online, all - online] }],
    })
  },
})

export const devicesByType = defineStatistic({
  name: 'device.byType',
  title: '设备类型分布',
  en: 'Machines by type',
  kinds: ['bar', 'ranking'],
  permission: VIEW,
  params: z.object({}),
  run: async (_, reader) => {
    const rows = (await byType(reader)).sort((a, b) => b.machines - a.machines || a.type - b.type)
    return figure({
      unit: '台',
      labels: rows.map((r) => typeName(r.type)),
      series: [
        { name: '设备', data: rows.map((r) => r.machines) },
        { name: '在线', data: rows.map((r) => r.online) },
      ],
      columns: [
        { key: 'type', title: '设备类型' },
        { key: 'machines', title: '设备数' },
        { key: 'online', title: '在线' },
      ],
      rows: rows.map((r) => ({ type: typeName(r.type), machines: r.machines, online: r.online })),
    })
  },
})

export const DEVICE_STATISTICS = [devicesOnline, devicesByType]
