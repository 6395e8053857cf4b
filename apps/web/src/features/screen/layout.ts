import {
  MIN_REFRESH_SECONDS,
  SCREEN_COLUMNS,
  SCREEN_HEIGHT,
  SCREEN_ROWS,
  SCREEN_WIDTH,
  ScreenLayout,
  type Widget,
} from '@xpark/contract/modules/screen'
import type { StatisticInfo, WidgetKind } from '@xpark/contract/modules/statistics'

/** One grid cell of the 1920×1080 design: 80 × 40 px. */
export const CELL_WIDTH = SCREEN_WIDTH / SCREEN_COLUMNS
export const CELL_HEIGHT = SCREEN_HEIGHT / SCREEN_ROWS

/** What a new screen starts from (the form never edits the layout: the designer does). */
export const EMPTY_LAYOUT: ScreenLayout = { background: '#0b1a33', widgets: [] }
export const EMPTY_LAYOUT_TEXT = JSON.stringify(EMPTY_LAYOUT)

/** A screen's layout text as a layout; a draft that no longer parses starts empty rather than failing the page. */
export function readLayout(text: string | null | undefined): ScreenLayout {
  if (!text) return { ...EMPTY_LAYOUT, widgets: [] }
  try {
    const parsed = ScreenLayout.safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data
  } catch {
    // not JSON: fall through
  }
  return { ...EMPTY_LAYOUT, widgets: [] }
}

/** A widget's box on the 1920×1080 wall, in design pixels. */
export function boxOf(w: Pick<Widget, 'x' | 'y' | 'w' | 'h'>) {
  return {
    left: w.x * CELL_WIDTH,
    top: w.y * CELL_HEIGHT,
    width: w.w * CELL_WIDTH,
    height: w.h * CELL_HEIGHT,
  }
}

/** The size a new widget of a kind takes, in cells. */
export const DEFAULT_SIZE: Record<WidgetKind, { w: number; h: number }> = {
  number: { w: 4, h: 4 },
  line: { w: 8, h: 8 },
  bar: { w: 8, h: 8 },
  pie: { w: 6, h: 8 },
  gauge: { w: 6, h: 8 },
  map: { w: 8, h: 9 },
  ranking: { w: 6, h: 9 },
  ticker: { w: 8, h: 9 },
  video: { w: 8, h: 9 },
}

/** Is a cell box free of the other widgets? */
const overlaps = (a: Pick<Widget, 'x' | 'y' | 'w' | 'h'>, b: Pick<Widget, 'x' | 'y' | 'w' | 'h'>) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

/** The first free place for a box (left to right, top to bottom); the top-left corner when the wall is full. */
export function freePlace(widgets: readonly Widget[], w: number, h: number): { x: number; y: number } {
  for (let y = 0; y + h <= SCREEN_ROWS; y++)
    for (let x = 0; x + w <= SCREEN_COLUMNS; x++)
      if (!widgets.some((o) => overlaps({ x, y, w, h }, o))) return { x, y }
  return { x: 0, y: 0 }
}

/** A widget id not yet used on the screen (`w1`, `w2`…). */
export function nextWidgetId(widgets: readonly Widget[]): string {
  const used = new Set(widgets.map((w) => w.id))
  let n = widgets.length + 1
  while (used.has(`w${n}`)) n++
  return `w${n}`
}

/**
 * A new widget of a kind: the first statistic of the catalog drawn by that kind (a video tile names
 * none), its choices' first values as parameters, in the first free place.
 */
export function newWidget(
  kind: WidgetKind,
  widgets: readonly Widget[],
  catalog: readonly StatisticInfo[],
): Widget {
  const { w, h } = DEFAULT_SIZE[kind]
  const statistic = kind === 'video' ? undefined : catalog.find((s) => s.kinds.includes(kind))
  return {
    id: nextWidgetId(widgets),
    kind,
    title: statistic?.title ?? '',
    statistic: statistic?.name ?? '',
    params: defaultParams(statistic),
    refresh: 30,
    ...freePlace(widgets, w, h),
    w,
    h,
  }
}

/** A statistic's parameters at their first choice (free parameters left out). */
export function defaultParams(statistic: StatisticInfo | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of statistic?.params ?? []) {
    const first = p.choices?.[0]
    if (first) out[p.name] = first.value
  }
  return out
}

/** A refresh in seconds as the contract takes it (whole, 5 s to an hour). */
export const clampRefresh = (seconds: number) =>
  Math.min(3600, Math.max(MIN_REFRESH_SECONDS, Math.round(Number.isFinite(seconds) ? seconds : 30)))

/** The live topics a screen's widgets follow, for the signed-in stream (`alarm,work-order`). */
export function liveTopics(widgets: readonly Widget[], catalog: readonly StatisticInfo[]): string[] {
  const topics = new Set<string>()
  for (const w of widgets) {
    const live = catalog.find((s) => s.name === w.statistic)?.live
    if (live) topics.add(live)
  }
  return [...topics].slice(0, 8)
}
