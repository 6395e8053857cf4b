import { useQueries } from '@tanstack/react-query'
import {
  LINK_INVALID,
  SCREEN_HEIGHT,
  SCREEN_WIDTH,
  type ScreenLayout,
  type Widget,
} from '@xpark/contract/modules/screen'
import type { Figure } from '@xpark/contract/modules/statistics'
import { type ReactNode, useEffect, useState } from 'react'
import { HttpError } from '@/api/http'
import { boxOf, CELL_HEIGHT } from './layout'
import { type Viewer, WidgetFrame } from './widgets/Widgets'
import './screen.css'

/** The scale that fits a design of `width`×`height` into a box (the window by default). */
export function fitScale(
  box: { width: number; height: number },
  width = SCREEN_WIDTH,
  height = SCREEN_HEIGHT,
) {
  return Math.min(box.width / width, box.height / height) || 1
}

const windowSize = () => ({ width: window.innerWidth, height: window.innerHeight })

/** The window's size, followed. */
export function useWindowSize() {
  const [size, setSize] = useState(windowSize)
  useEffect(() => {
    const onResize = () => setSize(windowSize())
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return size
}

/** The 1920×1080 wall scaled to fit the window (a CSS transform), centred, on its background. */
export function ScaledWall({ background, children }: { background: string; children: ReactNode }) {
  const size = useWindowSize()
  const scale = fitScale(size)
  const left = Math.max(0, (size.width - SCREEN_WIDTH * scale) / 2)
  const top = Math.max(0, (size.height - SCREEN_HEIGHT * scale) / 2)
  return (
    <div className="screen-page" data-testid="screen-page">
      <div
        className="screen-wall"
        style={{ background, transform: `translate(${left}px, ${top}px) scale(${scale})` }}
        data-testid="screen-wall"
      >
        {children}
      </div>
    </div>
  )
}

/** 链接无效或已过期: all a public route shows without a valid link. */
export function LinkInvalid() {
  return (
    <div className="screen-invalid" data-testid="screen-link-invalid">
      {LINK_INVALID}
    </div>
  )
}

/** Is this failure a refusal of the link (a revoked, expired, foreign or unknown token)? */
export const isRefusal = (error: unknown) =>
  error instanceof HttpError && (error.status === 401 || error.status === 403)

/** The query key of a widget's figure (the screen's source and the widget's own settings). */
export const figureKey = (source: string, w: Widget) => [
  'screen-figure',
  source,
  w.id,
  w.statistic,
  JSON.stringify(w.params),
]

/**
 * The widgets' figures, each read every `refresh` seconds (a video tile reads none). `source` names
 * where they come from (a link, the signed-in user) so two walls never share a cache entry.
 */
export function useFigures(
  widgets: readonly Widget[],
  source: string,
  read: (w: Widget) => Promise<Figure>,
  options: { enabled?: boolean; onRefused?: () => void } = {},
) {
  const results = useQueries({
    queries: widgets.map((w) => ({
      queryKey: figureKey(source, w),
      queryFn: () => read(w),
      enabled: options.enabled !== false && w.kind !== 'video' && w.statistic !== '',
      refetchInterval: w.refresh * 1000,
      refetchIntervalInBackground: true,
      staleTime: 0,
    })),
  })
  const refused = results.some((r) => isRefusal(r.error))
  const { onRefused } = options
  useEffect(() => {
    if (refused) onRefused?.()
  }, [refused, onRefused])
  return new Map(widgets.map((w, i) => [w.id, results[i]!] as const))
}

/** The widgets of a layout at their places, each in its frame, on the scaled wall. */
export function WallView({
  layout,
  figures,
  viewer,
}: {
  layout: ScreenLayout
  figures: ReadonlyMap<string, { data?: Figure; isError: boolean }>
  viewer: Viewer
}) {
  return (
    <ScaledWall background={layout.background}>
      {layout.widgets.map((w) => {
        const box = boxOf(w)
        const result = figures.get(w.id)
        return (
          <div className="screen-box" key={w.id} style={box}>
            <WidgetFrame
              widget={w}
              figure={result?.data}
              failed={result?.isError}
              viewer={viewer}
              height={w.h * CELL_HEIGHT - 12}
            />
          </div>
        )
      })}
    </ScaledWall>
  )
}
