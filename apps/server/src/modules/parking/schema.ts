import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Parking (issue 30): car parks and their gates, vehicle cards (with their sync to the parking
 * system), the vehicles inside (one row per stay, removed when it ends) and the pass records (one per
 * decision a gate got). Lookup values are the seeded dictionaries' keys (`pass_type`,
 * `pass_direction`, `gate_direction`, `release_mode`, `card_type` …). Money in cents. See
 * docs/modules/parking.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const parkingLot = pgTable('xpark_parking_lot', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  spaces: integer('spaces').notNull().default(0),
  freeMinutes: integer('free_minutes').notNull().default(0),
  feePerHour: integer('fee_per_hour').notNull().default(0),
  dayCap: integer('day_cap').notNull().default(0),
  /** comma list of dict `auto_release` keys */
  autoRelease: varchar('auto_release', { length: 16 }).notNull().default('1,3'),
  address: varchar('address', { length: 128 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
})

/** A car park's gates: barrier machines (device layer), each in one car park, 1 entry or 2 exit. */
export const parkingGate = pgTable(
  'xpark_parking_gate',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    lotId: id('lot_id').notNull(),
    machineId: id('machine_id').notNull(),
    direction: smallint('direction').notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('xpark_parking_gate_lot_idx').on(t.tenantId, t.lotId),
    uniqueIndex('xpark_parking_gate_machine_uq').on(t.tenantId, t.machineId).where(live),
  ],
)

export const parkingCard = pgTable(
  'xpark_parking_card',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    lotId: id('lot_id').notNull(),
    plate: varchar('plate', { length: 16 }).notNull(),
    plateColor: smallint('plate_color').notNull().default(1),
    vehicleType: smallint('vehicle_type'),
    vehicleColor: smallint('vehicle_color'),
    cardType: smallint('card_type').notNull(),
    parkingType: smallint('parking_type').notNull().default(0),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    financeCardId: id('finance_card_id'),
    holderName: varchar('holder_name', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** every change counts up; the parking system keeps the newest it was sent */
    version: integer('version').notNull().default(1),
    /** the version the parking system acknowledged (0: never synced) */
    syncedVersion: integer('synced_version').notNull().default(0),
    /** 0 待同步, 1 已同步, 2 同步失败, 3 仅本地 (dict `parking_sync_state`) */
    syncState: smallint('sync_state').notNull().default(0),
    syncError: varchar('sync_error', { length: 255 }).notNull().default(''),
    syncAttempts: integer('sync_attempts').notNull().default(0),
    /** when the sync job tries next (none: nothing to send) */
    nextSyncAt: at('next_sync_at'),
    syncedAt: at('synced_at'),
  },
  (t) => [
    uniqueIndex('xpark_parking_card_plate_uq').on(t.tenantId, t.lotId, t.plate).where(live),
    index('xpark_parking_card_sync_idx')
      .on(t.nextSyncAt)
      .where(sql`is_deleted = 0 and next_sync_at is not null`),
  ],
)

/** A vehicle inside: one per car park and plate (the unique index keeps a second entry out). */
export const parkingVehicle = pgTable(
  'xpark_parking_vehicle',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    lotId: id('lot_id').notNull(),
    plate: varchar('plate', { length: 16 }).notNull(),
    plateColor: smallint('plate_color').notNull().default(0),
    entryTime: at('entry_time').notNull(),
    entryMachineId: id('entry_machine_id'),
    entryPassId: id('entry_pass_id'),
    cardId: id('card_id'),
    cardType: smallint('card_type'),
  },
  (t) => [
    uniqueIndex('xpark_parking_vehicle_plate_uq').on(t.tenantId, t.lotId, t.plate).where(live),
    index('xpark_parking_vehicle_entry_idx').on(t.tenantId, t.entryTime),
  ],
)

/** Every decision a gate got (pass records): who, which way, how it was let through or why not. */
export const parkingPass = pgTable(
  'xpark_parking_pass',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    lotId: id('lot_id').notNull(),
    machineId: id('machine_id'),
    gateName: varchar('gate_name', { length: 64 }).notNull().default(''),
    plate: varchar('plate', { length: 16 }).notNull(),
    plateColor: smallint('plate_color').notNull().default(0),
    /** 0 entry, 1 exit (dict `pass_direction`) */
    direction: smallint('direction').notNull(),
    passType: smallint('pass_type').notNull(),
    releaseMode: smallint('release_mode'),
    /** 1 the gate opened, 0 it held */
    released: smallint('released').notNull(),
    passTime: at('pass_time').notNull(),
    entryTime: at('entry_time'),
    durationMinutes: integer('duration_minutes'),
    fee: integer('fee').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    cardId: id('card_id'),
    cardType: smallint('card_type'),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    /** the gate's event that caused it (none: the console) */
    eventId: varchar('event_id', { length: 64 }),
  },
  (t) => [
    index('xpark_parking_pass_plate_idx').on(t.tenantId, t.plate, t.passTime),
    index('xpark_parking_pass_time_idx').on(t.tenantId, t.passTime),
    index('xpark_parking_pass_page_idx').on(t.tenantId, t.id).where(live),
  ],
)
