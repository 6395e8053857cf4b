import { and, eq, getTableColumns, isNull, lt, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import { addDays, dayOf } from '../days.js'
import type { Job } from '../module.js'

/**
 * Rows a plan calls for, made ahead by a job (inspection records from their plans; later attendance
 * days and the like): each run makes, for every live plan, the rows of the days up to `days` ahead
 * that it has not made yet, and notes the last day made on the plan (`through`). So a row someone
 * removed is not made again, N server processes make each row once (the job runs once per interval,
 * and the unique index `target` takes a second insert as nothing), and a plan's edit can remake its
 * future rows at once (`remake`) after removing the ones not started.
 */

type Row = Record<string, unknown>

export interface PlanRows<P extends Row> {
  /** the job's name (one claim per interval across processes) */
  name: string
  everySeconds: number
  /** how many days are made ahead, today included (2: today and tomorrow) */
  days: number
  /** the plan table: `id`, `tenantId`, `isDeleted` and the `through` column */
  plans: PgTable
  /** the plan column (a `yyyy-MM-dd` text) holding the last day made */
  through: string
  /** a plan that makes nothing now (disabled): skipped, its `through` kept */
  idle?: (plan: P) => boolean
  /** the rows of one plan on one day (`yyyy-MM-dd`, the server's time zone); none off its schedule */
  rows: (plan: P, day: string, db: Db | Tx) => Promise<Row[]>
  /** where the rows go, and the unique index that makes each one once (with its predicate) */
  into: PgTable
  target: readonly PgColumn[]
  targetWhere?: SQL
  /** what goes with the rows made (a record's points), in the same transaction; not for rows already there */
  made?: (rows: Row[], tx: Db | Tx) => Promise<void>
}

const CHUNK = 500

export interface PlanRowsMaker {
  job: Job
  /**
   * Make what is due now: every plan (in a transaction each), or one plan in the caller's transaction
   * (`only`, from its edit). Answers how many rows were made.
   */
  make(db: Db | Tx, options?: { only?: string; today?: string }): Promise<number>
}

export function planRows<P extends Row>(spec: PlanRows<P>): PlanRowsMaker {
  const columns = getTableColumns(spec.plans) as Record<string, PgColumn>
  const through = columns[spec.through]
  const { id, isDeleted } = columns
  if (!through || !id || !isDeleted)
    throw new Error(`planRows ${spec.name}: plans need id, isDeleted, ${spec.through}`)

  const makeOne = async (tx: Db | Tx, plan: P, today: string, last: string): Promise<number> => {
    const done = plan[spec.through] ? String(plan[spec.through]) : ''
    const rows: Row[] = []
    for (let day = done && done >= today ? addDays(done, 1) : today; day <= last; day = addDays(day, 1))
      rows.push(...(await spec.rows(plan, day, tx)))
    let made = 0
    for (let i = 0; i < rows.length; i += CHUNK) {
      const inserted = await tx
        .insert(spec.into)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing({
          target: [...spec.target],
          ...(spec.targetWhere ? { where: spec.targetWhere } : {}),
        })
        .returning()
      if (inserted.length) await spec.made?.(inserted, tx)
      made += inserted.length
    }
    await tx
      .update(spec.plans)
      .set({ [spec.through]: last } as never)
      .where(eq(id, plan.id as string))
    return made
  }

  const make: PlanRowsMaker['make'] = async (db, options = {}) => {
    const today = options.today ?? dayOf(new Date())
    const last = addDays(today, spec.days - 1)
    const due = (await db
      .select()
      .from(spec.plans)
      .where(
        and(eq(isDeleted, 0), options.only ? eq(id, options.only) : or(isNull(through), lt(through, last))),
      )) as P[]
    let made = 0
    for (const plan of due) {
      if (spec.idle?.(plan)) continue
      // one plan, one transaction: its rows and its `through` together (the caller's, for an edit)
      made += options.only
        ? await makeOne(db, plan, today, last)
        : await (db as Db).transaction((tx) => makeOne(tx, plan, today, last))
    }
    return made
  }

  return {
    make,
    job: {
      name: spec.name,
      everySeconds: spec.everySeconds,
      run: async (ctx) => void (await make(ctx.database.db)),
    },
  }
}
