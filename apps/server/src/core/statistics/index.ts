import type { Figure, StatisticInfo, WidgetKind } from '@xpark/contract/modules/statistics'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { notFound } from '../errors.js'
import { parsed } from '../http/calls.js'

/**
 * Statistics: named, typed figures a module declares once in its manifest (`statistics: [...]`) and
 * every reader shares: big-screen widgets, saved reports, dashboards, exports. A statistic reads its
 * module's tables (daily aggregates where there are many rows) for one tenant; a signed-in reader
 * hands it the caller (`auth`), so it narrows to the caller's data scope, while a public link's reader
 * has none and gets the tenant's aggregates only. A statistic that may be read through a public link
 * answers no personal field (no names, phones, faces): the sweep in statistics.test.ts walks them all.
 */

export interface StatisticReader {
  db: Db
  tenantId: string
  /** the signed-in caller; absent for a public link (aggregates of the tenant, nothing personal) */
  auth?: AuthContext
  /** now, for "today" (tests pass a fixed moment) */
  now: Date
}

export interface StatisticParam {
  name: string
  label: string
  choices?: readonly { value: string; label: string }[]
}

export interface Statistic<P extends z.ZodObject = z.ZodObject> {
  /** `<module>.<figure>`: `alarm.today` */
  name: string
  title: string
  en: string
  kinds: readonly WidgetKind[]
  /** the code a signed-in reader must hold (the module's view code) */
  permission: string
  /** the parameters as widgets store them (texts); defaults in the schema */
  params: P
  paramInfo?: readonly StatisticParam[]
  /** a tenant topic whose events change the figure (core/realtime): viewers read it again at once */
  live?: string
  run: (params: z.output<P>, reader: StatisticReader) => Promise<Figure>
}

/** Declare a statistic (the type ties its parameters to its `run`). */
export function defineStatistic<P extends z.ZodObject>(s: Statistic<P>): Statistic {
  return s as unknown as Statistic
}

/** A figure with the parts a statistic does not fill left empty. */
export function figure(parts: Partial<Figure>): Figure {
  return {
    value: null,
    unit: '',
    money: false,
    max: null,
    labels: [],
    series: [],
    columns: [],
    rows: [],
    ...parts,
  }
}

/** Every statistic of the app by name (built from the modules' manifests at start). */
export class Statistics {
  private readonly byName = new Map<string, Statistic>()

  constructor(all: readonly Statistic[]) {
    for (const s of all) {
      if (this.byName.has(s.name)) throw new Error(`statistic ${s.name} is declared twice`)
      if (!/^[a-z]+\.[A-Za-z]+$/.test(s.name)) throw new Error(`statistic ${s.name}: <module>.<figure>`)
      this.byName.set(s.name, s)
    }
  }

  get all(): readonly Statistic[] {
    return [...this.byName.values()]
  }

  find(name: string): Statistic | undefined {
    return this.byName.get(name)
  }

  /** The statistic or 404 `统计不存在: <name>`. */
  get(name: string): Statistic {
    const s = this.byName.get(name)
    if (!s) throw notFound(`统计不存在: ${name}`)
    return s
  }

  /** Read one figure: the parameters checked at the edge (400 naming the field), then the query. */
  async run(name: string, params: Record<string, string>, reader: StatisticReader): Promise<Figure> {
    const s = this.get(name)
    return s.run(parsed(s.params, params), reader)
  }
}

/** How the console's pickers list a statistic. */
export function infoOf(s: Statistic): StatisticInfo {
  return {
    name: s.name,
    title: s.title,
    en: s.en,
    kinds: [...s.kinds],
    params: (s.paramInfo ?? []).map((p) => ({
      name: p.name,
      label: p.label,
      choices: p.choices ? [...p.choices] : null,
    })),
    live: s.live ?? null,
  }
}

/**
 * Figures shared for a moment: many viewers of one public wall read the same figure, so one query
 * answers all of them for `ms` (only for readers without a caller: a signed-in figure follows the
 * caller's data scope). A failed read is not kept.
 */
export class FigureMemo {
  private readonly kept = new Map<string, { at: number; figure: Promise<Figure> }>()

  constructor(private readonly ms: number) {}

  get(key: string, read: () => Promise<Figure>): Promise<Figure> {
    const now = Date.now()
    const hit = this.kept.get(key)
    if (hit && now - hit.at < this.ms) return hit.figure
    if (this.kept.size > 10_000) this.kept.clear()
    const figure = read()
    this.kept.set(key, { at: now, figure })
    figure.catch(() => this.kept.delete(key))
    return figure
  }
}
