import { parkingLotContract } from '@xpark/contract/modules/parking'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { percent, readerWhere, viewCode } from '../../core/statistics/parts.js'
import { parkingLots } from './resources.js'
import { parkingLot, parkingVehicle } from './schema.js'

/**
 * Parking's statistics (docs/modules.md "Statistics"): how full the car parks are. The vehicles
 * inside are counted, never shown (a plate is personal data here).
 */

export const parkingOccupancy = defineStatistic({
  name: 'parking.occupancy',
  title: '车位占用率',
  en: 'Parking occupancy',
  kinds: ['gauge', 'number'],
  permission: viewCode(parkingLotContract.permissions.view),
  params: z.object({}),
  run: async (_, reader) => {
    // the car parks the reader may see (the lot list's scope) and the vehicles inside each
    const lots = await reader.db
      .select({
        name: parkingLot.name,
        spaces: parkingLot.spaces,
        inside: sql<number>`count(${parkingVehicle.id})::int`.mapWith(Number),
      })
      .from(parkingLot)
      .leftJoin(
        parkingVehicle,
        and(
          eq(parkingVehicle.lotId, parkingLot.id),
          eq(parkingVehicle.tenantId, parkingLot.tenantId),
          eq(parkingVehicle.isDeleted, 0),
        ),
      )
      .where(await readerWhere(parkingLots, reader))
      .groupBy(parkingLot.id, parkingLot.name, parkingLot.spaces)
      .orderBy(asc(parkingLot.name), asc(parkingLot.id))
    // a car park counts at most its spaces as taken (one over-full does not hide another's free ones)
    const taken = lots.map((l) => Math.min(l.inside, l.spaces))
    const spaces = lots.reduce((n, l) => n + l.spaces, 0)
    return figure({
      value: percent(
        taken.reduce((a, b) => a + b, 0),
        spaces,
      ),
      unit: '%',
      max: 100,
      labels: lots.map((l) => l.name),
      series: [
        { name: '在场', data: lots.map((l) => l.inside) },
        { name: '空闲', data: lots.map((l) => Math.max(l.spaces - l.inside, 0)) },
      ],
    })
  },
})

export const PARKING_STATISTICS = [parkingOccupancy]
