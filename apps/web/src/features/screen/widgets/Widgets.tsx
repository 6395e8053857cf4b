import type { Widget } from '@xpark/contract/modules/screen'
import type { Figure, WidgetKind } from '@xpark/contract/modules/statistics'
import { type ComponentType, lazy, Suspense, useMemo } from 'react'
import { Chart } from '@/components/kit/Chart'
import { formatFigure } from '@/components/numberFormat'
import { useScreenT } from '../i18n'
import { type ChartKind, chartOption } from './options'
import '../screen.css'

/** Who looks at the wall: a public link's viewer never plays video. */
export type Viewer = 'public' | 'signed-in' | 'editor'

export interface WidgetProps {
  widget: Widget
  /** the latest figure (undefined while the first read runs, or for a video tile) */
  figure: Figure | undefined
  viewer: Viewer
  /** the box's inner size in design pixels (charts size to it) */
  height: number
}

/** 数字卡片: the one number, cents as yuan with 2 decimals, big ones with k, M, G… */
export function NumberCard({ widget, figure }: WidgetProps) {
  return (
    <div className="screen-number" data-testid={`screen-number-${widget.id}`}>
      <span className="screen-number-value">{formatFigure(figure?.value, figure?.money)}</span>
      {figure && (figure.money || figure.unit) && (
        <span className="screen-number-unit">{figure.money ? '元' : figure.unit}</span>
      )}
    </div>
  )
}

/** A chart (line, bar, pie, gauge, place map) through the kit's ECharts chart, its kind the widget's. */
export function ChartWidget({ widget, figure, height }: WidgetProps) {
  const t = useScreenT()
  const kind = widget.kind as ChartKind
  const option = useMemo(() => (figure ? chartOption(kind, figure) : undefined), [kind, figure])
  if (!figure || !option) return null
  if (kind !== 'gauge' && figure.labels.length === 0)
    return <div className="screen-empty">{t('screen.noData')}</div>
  return <Chart option={option} height={height} testId={`screen-chart-${widget.id}`} />
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/** 排行榜: the figure's rows under its columns, numbered. */
export function RankingTable({ widget, figure }: WidgetProps) {
  const t = useScreenT()
  if (!figure) return null
  if (figure.rows.length === 0) return <div className="screen-empty">{t('screen.noData')}</div>
  return (
    <table className="screen-table" data-testid={`screen-ranking-${widget.id}`}>
      <thead>
        <tr>
          <th>#</th>
          {figure.columns.map((c) => (
            <th key={c.key}>{c.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figure.rows.map((row, i) => (
          // rows have no key of their own: their place is what they are
          // biome-ignore lint/suspicious/noArrayIndexKey: a ranking's rows are its places
          <tr key={i}>
            <td className={i < 3 ? 'screen-rank screen-rank-top' : 'screen-rank'}>{i + 1}</td>
            {figure.columns.map((c) => (
              <td key={c.key}>{cell(row[c.key])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Rows shown before the ticker starts to scroll. */
const TICKER_STILL = 6

/** 告警滚动: the latest rows, scrolling upwards in a loop when there are more than fit. */
export function AlarmTicker({ widget, figure }: WidgetProps) {
  const t = useScreenT()
  if (!figure) return null
  if (figure.rows.length === 0) return <div className="screen-empty">{t('screen.noData')}</div>
  const moving = figure.rows.length > TICKER_STILL
  // a moving list is drawn twice so the loop joins without a jump
  const rows = moving ? [...figure.rows, ...figure.rows] : figure.rows
  return (
    <div className="screen-ticker" data-testid={`screen-ticker-${widget.id}`}>
      <div
        className={moving ? 'screen-ticker-rows screen-ticker-moving' : 'screen-ticker-rows'}
        style={moving ? { animationDuration: `${figure.rows.length * 2.5}s` } : undefined}
      >
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a ticker row has no identity of its own
          <div className="screen-ticker-row" key={i}>
            {figure.columns.map((c) => (
              <span key={c.key}>{cell(row[c.key])}</span>
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}

// the player (hls.js, mpegts.js) loads only with a video tile a signed-in viewer sees
const VideoPlayerTile = lazy(() => import('./VideoTile'))

/**
 * 视频: a public viewer sees "登录后可观看" (a link never plays video); a signed-in one the camera
 * through the shared `VideoPlayer` (components/video) started by the video module's startPlay call.
 */
export function VideoTile({ widget, viewer }: WidgetProps) {
  const t = useScreenT()
  if (viewer === 'public')
    return (
      <div className="screen-empty" data-testid={`screen-video-${widget.id}`}>
        {t('screen.videoSignIn')}
      </div>
    )
  if (!widget.machineId || viewer === 'editor')
    return (
      <div className="screen-empty" data-testid={`screen-video-${widget.id}`}>
        {widget.machineId ? `${t('screen.kind.video')} #${widget.machineId}` : t('screen.videoNone')}
      </div>
    )
  return (
    <Suspense fallback={null}>
      <VideoPlayerTile machineId={widget.machineId} />
    </Suspense>
  )
}

/** One component per widget kind. */
export const WIDGETS: Record<WidgetKind, ComponentType<WidgetProps>> = {
  number: NumberCard,
  line: ChartWidget,
  bar: ChartWidget,
  pie: ChartWidget,
  gauge: ChartWidget,
  map: ChartWidget,
  ranking: RankingTable,
  ticker: AlarmTicker,
  video: VideoTile,
}

/** A widget in its frame: the title over the body; a failed read says so instead of the body. */
export function WidgetFrame({ widget, figure, viewer, failed, height }: WidgetProps & { failed?: boolean }) {
  const t = useScreenT()
  const Body = WIDGETS[widget.kind]
  // the title takes 32 px of the box, the frame's padding 16
  const bodyHeight = Math.max(40, height - (widget.title ? 48 : 16))
  return (
    <div className={`screen-widget screen-widget-${widget.kind}`} data-testid={`screen-widget-${widget.id}`}>
      {widget.title && <div className="screen-widget-title">{widget.title}</div>}
      <div className="screen-widget-body">
        {failed && !figure ? (
          <div className="screen-empty">{t('screen.figureFailed')}</div>
        ) : (
          <Body widget={widget} figure={figure} viewer={viewer} height={bodyHeight} />
        )}
      </div>
    </div>
  )
}
