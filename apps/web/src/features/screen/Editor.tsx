import { useQuery } from '@tanstack/react-query'
import {
  publishScreenCall,
  SCREEN_COLUMNS,
  SCREEN_HEIGHT,
  SCREEN_ROWS,
  SCREEN_WIDTH,
  type ScreenLayout,
  type ScreenRow,
  screenContract,
  type Widget,
} from '@xpark/contract/modules/screen'
import {
  statisticCatalogCall,
  statisticRunCall,
  WIDGET_KINDS,
  type WidgetKind,
} from '@xpark/contract/modules/statistics'
import { App, Button, Empty, Space, Spin, Typography } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import GridLayout, { getCompactor, type Layout } from 'react-grid-layout'
import { createScaledStrategy } from 'react-grid-layout/core'
import 'react-grid-layout/css/styles.css'
import { callApi, rowOfResource, submitToResource } from '@/api/calls'
import { useScreenT } from './i18n'
import { CELL_HEIGHT, newWidget, readLayout } from './layout'
import { fitScale, useFigures } from './Wall'
import { WidgetPanel } from './WidgetPanel'
import { WidgetFrame } from './widgets/Widgets'
import './screen.css'

const MAX_WIDGETS = 48

/** The screen as the designer saves it: the resource's own submit, the layout as JSON text. */
export function saveBody(row: Pick<ScreenRow, 'id' | 'name' | 'remark'>, layout: ScreenLayout) {
  return { id: row.id, name: row.name, remark: row.remark, layout: JSON.stringify(layout) }
}

/** A grid's places written back onto the widgets (inside the wall); the same array when nothing moved. */
export function placed(widgets: readonly Widget[], grid: Layout): Widget[] {
  let changed = false
  const next = widgets.map((w) => {
    const item = grid.find((g) => g.i === w.id)
    if (!item) return w
    const width = Math.min(SCREEN_COLUMNS, Math.max(1, item.w))
    const height = Math.min(SCREEN_ROWS, Math.max(1, item.h))
    const x = Math.min(SCREEN_COLUMNS - width, Math.max(0, item.x))
    const y = Math.min(SCREEN_ROWS - height, Math.max(0, item.y))
    if (x === w.x && y === w.y && width === w.w && height === w.h) return w
    changed = true
    return { ...w, x, y, w: width, h: height }
  })
  return changed ? next : (widgets as Widget[])
}

/** The canvas box's size, followed (the wall is scaled into it). */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const read = () => setSize({ width: box.clientWidth, height: box.clientHeight })
    read()
    const observer = new ResizeObserver(read)
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return { ref, size }
}

/**
 * 大屏设计: a palette of widget kinds, the 1920×1080 wall (24 × 27 cells) scaled into the canvas
 * where widgets move and resize (react-grid-layout), the selected widget's settings beside it, each
 * widget previewing its live figure (statisticRunCall). 保存 writes the layout through the resource's
 * submit; 发布 saves, then publishes.
 */
export function Editor({ id }: { id: string }) {
  const t = useScreenT()
  const { message, modal } = App.useApp()
  const row = useQuery({
    queryKey: ['datav', 'detail', id],
    queryFn: () => rowOfResource(screenContract, id),
  })
  const catalog = useQuery({ queryKey: ['statistic-catalog'], queryFn: () => callApi(statisticCatalogCall) })
  const [layout, setLayout] = useState<ScreenLayout>()
  const [selected, setSelected] = useState<string>()
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  const { ref: canvas, size } = useBoxSize()

  useEffect(() => {
    if (row.data && !layout) setLayout(readLayout(row.data.layout))
  }, [row.data, layout])

  const widgets = layout?.widgets ?? []
  const figures = useFigures(widgets, 'editor', (w) =>
    callApi(statisticRunCall, { name: w.statistic, params: JSON.stringify(w.params) }),
  )

  const change = useCallback((next: (l: ScreenLayout) => ScreenLayout) => {
    setLayout((l) => {
      if (!l) return l
      const changed = next(l)
      if (changed !== l) setDirty(true)
      return changed
    })
  }, [])

  const add = (kind: WidgetKind) => {
    if (widgets.length >= MAX_WIDGETS) return void message.warning(`≤ ${MAX_WIDGETS}`)
    const w = newWidget(kind, widgets, catalog.data ?? [])
    change((l) => ({ ...l, widgets: [...l.widgets, w] }))
    setSelected(w.id)
  }
  const onLayoutChange = useCallback(
    (grid: Layout) =>
      change((l) => {
        const moved = placed(l.widgets, grid)
        return moved === l.widgets ? l : { ...l, widgets: moved }
      }),
    [change],
  )
  // the widget being moved or resized is the one the panel shows
  const pick = useCallback((_: Layout, item: { i: string } | null) => {
    if (item) setSelected(item.i)
  }, [])
  const update = (w: Widget) =>
    change((l) => ({ ...l, widgets: l.widgets.map((o) => (o.id === w.id ? w : o)) }))
  const remove = (wid: string) => {
    change((l) => ({ ...l, widgets: l.widgets.filter((o) => o.id !== wid) }))
    setSelected(undefined)
  }

  async function save(): Promise<boolean> {
    if (!row.data || !layout) return false
    const body = saveBody(row.data, layout)
    const invalid = screenContract.form.safeParse(body)
    if (!invalid.success) {
      void message.error(`${t('screen.invalidLayout')}: ${invalid.error.issues[0]?.message ?? ''}`)
      return false
    }
    setSaving(true)
    try {
      await submitToResource(screenContract, body)
      setDirty(false)
      void message.success(t('screen.saved'))
      return true
    } catch {
      return false
    } finally {
      setSaving(false)
    }
  }
  const publish = () =>
    modal.confirm({
      title: t('screen.publishConfirm'),
      onOk: async () => {
        if (dirty && !(await save())) return
        await callApi(publishScreenCall, { id })
        void message.success(t('screen.publishDone'))
      },
    })

  const scale = fitScale(size)
  const grid = useMemo(() => widgets.map((w) => ({ i: w.id, x: w.x, y: w.y, w: w.w, h: w.h })), [widgets])
  const strategy = useMemo(() => createScaledStrategy(scale), [scale])
  const compactor = useMemo(() => getCompactor(null, false, true), [])
  const current = widgets.find((w) => w.id === selected)

  if (row.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (!row.data || !layout) return <Empty style={{ marginTop: 96 }} description={t('screen.notFound')} />

  return (
    <div className="screen-editor" data-testid="screen-editor">
      <div className="screen-editor-bar">
        <Typography.Text strong style={{ color: '#e6f0ff', fontSize: 16 }}>
          {t('screen.editorTitle')}: {row.data.name}
          {dirty ? ' *' : ''}
        </Typography.Text>
        <span style={{ flex: 1 }} />
        <label style={{ color: '#c8d7f0' }}>
          {t('screen.background')}{' '}
          <input
            type="color"
            value={layout.background}
            onChange={(e) => change((l) => ({ ...l, background: e.target.value }))}
            data-testid="screen-background"
          />
        </label>
        <Space>
          <Button href="#/datav/list">{t('screen.back')}</Button>
          <Button type="primary" disabled={saving} onClick={() => void save()} data-testid="screen-save">
            {t('screen.save')}
          </Button>
          <Button onClick={publish} data-testid="screen-publish">
            {t('screen.publish')}
          </Button>
        </Space>
      </div>
      <div className="screen-editor-main">
        <div className="screen-editor-palette" data-testid="screen-palette">
          <Typography.Text type="secondary">{t('screen.palette')}</Typography.Text>
          {WIDGET_KINDS.map((kind) => (
            <Button
              key={kind}
              block
              // a new widget takes the first statistic of its kind: the catalog first
              disabled={catalog.isLoading}
              onClick={() => add(kind)}
              data-testid={`screen-add-${kind}`}
            >
              {t(`screen.kind.${kind}`)}
            </Button>
          ))}
        </div>
        <div className="screen-editor-canvas" ref={canvas}>
          <div
            style={{
              width: SCREEN_WIDTH,
              height: SCREEN_HEIGHT,
              background: layout.background,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              position: 'absolute',
              left: 0,
              top: 0,
            }}
            data-testid="screen-canvas"
          >
            <GridLayout
              width={SCREEN_WIDTH}
              layout={grid}
              gridConfig={{
                cols: SCREEN_COLUMNS,
                rowHeight: CELL_HEIGHT,
                margin: [0, 0],
                containerPadding: [0, 0],
                maxRows: SCREEN_ROWS,
              }}
              dragConfig={{ enabled: true, bounded: true, threshold: 3 }}
              resizeConfig={{ enabled: true, handles: ['se', 'e', 's'] }}
              compactor={compactor}
              positionStrategy={strategy}
              autoSize={false}
              style={{ height: SCREEN_HEIGHT }}
              onLayoutChange={onLayoutChange}
              onDragStart={pick}
              onResizeStart={pick}
            >
              {widgets.map((w) => {
                const result = figures.get(w.id)
                return (
                  <div
                    key={w.id}
                    className={w.id === selected ? 'screen-box screen-selected' : 'screen-box'}
                    data-testid={`screen-item-${w.id}`}
                  >
                    {/* react-draggable takes the item's own mouse handlers: a click inside selects */}
                    {/* biome-ignore lint/a11y/useSemanticElements: a widget holds tables and charts, which a <button> may not */}
                    <div
                      role="button"
                      tabIndex={0}
                      style={{ height: '100%' }}
                      onClick={() => setSelected(w.id)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ') setSelected(w.id)
                      }}
                      aria-label={w.title || t(`screen.kind.${w.kind}`)}
                    >
                      <WidgetFrame
                        widget={w}
                        figure={result?.data}
                        failed={result?.isError}
                        viewer="editor"
                        height={w.h * CELL_HEIGHT - 12}
                      />
                    </div>
                  </div>
                )
              })}
            </GridLayout>
          </div>
        </div>
        <div className="screen-editor-side">
          {current ? (
            <WidgetPanel
              widget={current}
              catalog={catalog.data ?? []}
              onChange={update}
              onRemove={() => remove(current.id)}
            />
          ) : (
            <Typography.Text type="secondary">{t('screen.pickWidget')}</Typography.Text>
          )}
        </div>
      </div>
    </div>
  )
}
