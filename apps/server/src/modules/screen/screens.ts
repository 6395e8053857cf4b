import { SCREEN_STATUS, type ScreenLayout, type ScreenView } from '@xpark/contract/modules/screen'
import { and, eq } from 'drizzle-orm'
import { badRequest, notFound } from '../../core/errors.js'
import { parsed } from '../../core/http/calls.js'
import type { Statistics } from '../../core/statistics/index.js'
import { scoped } from '../../core/tenancy.js'
import type { DbOrTx } from '../../db/client.js'
import { BUILTIN_LAYOUTS } from './layouts.js'
import { screen } from './schema.js'

/** What publishing and viewing share: a layout checked against the statistics, a screen as viewers see it. */

/** Every widget names a statistic the app declares, with parameters it takes (400 naming the widget). */
export function checkLayout(layout: ScreenLayout, statistics: Statistics): void {
  for (const w of layout.widgets) {
    if (w.kind === 'video') {
      if (!w.machineId) throw badRequest(`参数校验失败: ${w.title || w.id}: 请选择设备`)
      continue
    }
    const s = statistics.find(w.statistic)
    if (!s) throw badRequest(`未知的统计: ${w.statistic}`)
    try {
      parsed(s.params, w.params)
    } catch (e) {
      throw badRequest(`${w.title || w.id}: ${(e as Error).message}`)
    }
  }
}

type ScreenRow = typeof screen.$inferSelect
/** A ScreenView as the handlers answer it (the wire writes the date). */
export type ViewData = Omit<ScreenView, 'publishTime'> & { publishTime: Date | null }

/** The published snapshot of a row (null: never published). */
export function viewOf(row: ScreenRow): ViewData | null {
  if (!row.published) return null
  return {
    id: row.id,
    name: row.name,
    layout: JSON.parse(row.published) as ScreenLayout,
    publishTime: row.publishTime,
  }
}

/** A screen of the tenant by id, live rows only. */
export async function screenOf(db: DbOrTx, tenantId: string, id: string): Promise<ScreenRow | undefined> {
  const [row] = await db
    .select()
    .from(screen)
    .where(scoped(screen, { tenantId }, eq(screen.id, id)))
  return row
}

/**
 * A built-in wall of the tenant: its published row, or the starting layout when the tenant has not
 * published one (id '0': nothing stored yet).
 */
export async function builtinView(
  db: DbOrTx,
  tenantId: string,
  key: 'general' | 'assets',
): Promise<ViewData> {
  const [row] = await db
    .select()
    .from(screen)
    .where(
      and(scoped(screen, { tenantId }, eq(screen.builtin, key)), eq(screen.status, SCREEN_STATUS.published)),
    )
    .limit(1)
  const view = row && viewOf(row)
  if (view) return view
  const start = BUILTIN_LAYOUTS[key]
  return { id: '0', name: start.name, layout: start.layout, publishTime: null }
}

/** The snapshot a viewer reads, or 404 (never published, removed, another tenant's). */
export async function publishedView(db: DbOrTx, tenantId: string, id: string): Promise<ViewData> {
  const row = await screenOf(db, tenantId, id)
  const view = row && viewOf(row)
  if (!view) throw notFound('大屏不存在或未发布')
  return view
}
