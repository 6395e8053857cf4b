import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'

/**
 * The kit's statistics (issue 32): named, typed figures a module declares once in its manifest and
 * every reader shares — a dashboard, a big-screen widget, a saved report, an export. One reply shape
 * serves every widget: a number card reads `value`, a chart `labels` and `series`, a ranking or a
 * ticker `rows` under `columns`. See docs/modules.md "Statistics".
 */

/** What a widget draws. */
export const WIDGET_KINDS = [
  'number',
  'line',
  'bar',
  'pie',
  'gauge',
  'map',
  'ranking',
  'ticker',
  'video',
] as const
export type WidgetKind = (typeof WIDGET_KINDS)[number]

/** A cell of a figure's table: never a person's name, phone or face when read through a public link. */
const Cell = z.union([z.string(), z.number(), z.null()])

export const Figure = z.object({
  /** the one number (a card, a gauge) */
  value: z.number().nullable(),
  /** what `value` and the series count: '%', '元', '次' … ('' none) */
  unit: z.string(),
  /** `value` and the series are cents: shown in yuan with 2 decimals */
  money: z.boolean(),
  /** a gauge's full scale */
  max: z.number().nullable(),
  /** the x axis or the slices: days, names, states */
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
  /** a ranking's or a ticker's rows, their keys the `columns` */
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  rows: z.array(z.record(z.string(), Cell)),
})
export type Figure = z.infer<typeof Figure>

/** A statistic as the console's pickers list it. */
export const StatisticInfo = z.object({
  name: z.string(),
  title: z.string(),
  en: z.string(),
  /** the widgets that draw it well (the first one is the default) */
  kinds: z.array(z.enum(WIDGET_KINDS)),
  /** its parameters: name, label, and the choices when it is a choice */
  params: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      choices: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
    }),
  ),
  /** a live topic: viewers refresh when it speaks (alarms) */
  live: z.string().nullable(),
})
export type StatisticInfo = z.infer<typeof StatisticInfo>

/** A statistic's parameters as a widget stores them: short texts by name. */
export const StatisticParams = z.record(
  z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, 'params: names of letters and digits'),
  z.string().max(64, 'params: at most 64 characters'),
)

export const statisticCatalogCall = defineCall({
  path: 'xpark-statistic/catalog',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(StatisticInfo),
  summary: 'statistics: the figures the caller may read (name, title, widget kinds, parameters)',
  tag: 'statistic',
})

export const statisticRunCall = defineCall({
  path: 'xpark-statistic/run',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({
    name: z.string({ error: 'name is required' }).min(1, 'name is required').max(64),
    /** the parameters as JSON (`{"days":"7"}`) */
    params: z.string().max(2000).optional(),
  }),
  reply: Figure,
  summary: "statistics: one figure, read under the caller's data scope",
  tag: 'statistic',
})
