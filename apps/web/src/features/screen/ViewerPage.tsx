import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  LINK_REVOKED_EVENT,
  LIVE_FIGURE_EVENT,
  publicFigureCall,
  publicLiveCall,
  publicViewCall,
  type ScreenView,
  screenLiveCall,
  viewScreenCall,
  type Widget,
} from '@xpark/contract/modules/screen'
import { statisticCatalogCall, statisticRunCall } from '@xpark/contract/modules/statistics'
import { Spin } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { callApi } from '@/api/calls'
import { openEventStream } from '@/api/eventStream'
import { PageProviders } from '@/components/PageProviders'
import { useSession } from '@/stores/session'
import { useScreenT } from './i18n'
import { liveTopics } from './layout'
import { isRefusal, LinkInvalid, useFigures, WallView } from './Wall'

/** A link's token as the contract takes it: anything else is refused before a read. */
const plausibleToken = (token: string) => token.length >= 16 && token.length <= 128

/** What a `figure` event names: its topic (`{"topic":"alarms"}`), and the widgets when it lists them. */
function eventOf(data: string): { topic: string; widgets?: string[] } {
  try {
    const parsed = JSON.parse(data) as { topic?: unknown; widgets?: unknown }
    const widgets = Array.isArray(parsed.widgets) ? parsed.widgets.map(String) : undefined
    return { topic: typeof parsed.topic === 'string' ? parsed.topic : '', ...(widgets ? { widgets } : {}) }
  } catch {
    return { topic: '' }
  }
}

function Loading() {
  return (
    <div className="screen-invalid">
      <Spin />
    </div>
  )
}

/**
 * A screen opened by its link (`?token=`), signed out or not: the published snapshot
 * (publicViewCall), each widget's figure through the link (publicFigureCall) every `refresh` s, and
 * the link's live stream (publicLiveCall): a `figure` event re-reads at once the widgets of the
 * topic it names, `revoked` — or any 403 — replaces the whole screen by 链接无效或已过期 and nothing
 * more is read (the wall unmounts: its queries and its stream stop).
 */
function PublicWall({ token }: { token: string }) {
  const [invalid, setInvalid] = useState(!plausibleToken(token))
  const refuse = useCallback(() => setInvalid(true), [])
  if (invalid) return <LinkInvalid />
  return <PublicWallBody token={token} onRefused={refuse} />
}

function PublicWallBody({ token, onRefused }: { token: string; onRefused: () => void }) {
  const queryClient = useQueryClient()
  const signedIn = useSession((s) => Boolean(s.token))
  const view = useQuery({
    queryKey: ['screen-public', token],
    queryFn: () => callApi(publicViewCall, { token }),
  })
  const widgets = view.data?.layout.widgets ?? []
  const figures = useFigures(
    widgets,
    `link:${token}`,
    (w) => callApi(publicFigureCall, { token, widget: w.id }),
    {
      onRefused,
    },
  )
  const refusedView = view.isError
  useEffect(() => {
    if (refusedView) onRefused()
  }, [refusedView, onRefused])

  const loaded = Boolean(view.data)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream per opened link (the view's data only says it opened)
  useEffect(() => {
    if (!loaded) return
    return openEventStream(
      publicLiveCall,
      (event, data) => {
        if (event === LINK_REVOKED_EVENT) return onRefused()
        if (event !== LIVE_FIGURE_EVENT) return
        reload(queryClient, `link:${token}`, publicWidgetsOf(widgets, eventOf(data)))
      },
      { params: { token }, onRefused },
    )
  }, [loaded, token])

  if (view.isLoading) return <Loading />
  if (!view.data) return <LinkInvalid />
  // a video tile plays for a viewer who is signed in as well (its stream is the user's, never the link's)
  return <WallView layout={view.data.layout} figures={figures} viewer={signedIn ? 'signed-in' : 'public'} />
}

/**
 * The widgets a `figure` event concerns on a public wall. A link reads no catalog (it is signed-in
 * users'), so: the widgets the event lists, if it lists them; else those whose statistic's module
 * names the topic (`alarm.recent` follows `alarms`: statistics are `<module>.<figure>`); an event that
 * matches none re-reads every figure (a video tile has none).
 */
export function publicWidgetsOf(
  widgets: readonly Widget[],
  event: { topic: string; widgets?: string[] },
): Widget[] {
  if (event.widgets) return widgets.filter((w) => event.widgets?.includes(w.id))
  const named = event.topic
    ? widgets.filter((w) => {
        const module = w.statistic.split('.')[0] ?? ''
        return module !== '' && event.topic.startsWith(module)
      })
    : []
  return named.length ? named : widgets.filter((w) => w.kind !== 'video' && w.statistic !== '')
}

function reload(queryClient: ReturnType<typeof useQueryClient>, source: string, widgets: readonly Widget[]) {
  for (const w of widgets)
    void queryClient.invalidateQueries({ queryKey: ['screen-figure', source, w.id], exact: false })
}

/**
 * A signed-in viewer's screen: by id (`/datavview?id=`) or a built-in wall (`/wel/screen`,
 * `/wel/assetsscreen`), its figures through statisticRunCall under the viewer's own data scope, the
 * live topics of its widgets through screenLiveCall.
 */
function SignedInWall({ id, builtin }: { id?: string; builtin?: 'general' | 'assets' }) {
  const queryClient = useQueryClient()
  const view = useQuery({
    queryKey: ['screen-view', id ?? '', builtin ?? ''],
    queryFn: () => callApi(viewScreenCall, builtin ? { builtin } : { id }),
  })
  const catalog = useQuery({ queryKey: ['statistic-catalog'], queryFn: () => callApi(statisticCatalogCall) })
  const widgets = view.data?.layout.widgets ?? []
  const figures = useFigures(widgets, 'user', (w) =>
    callApi(statisticRunCall, { name: w.statistic, params: JSON.stringify(w.params) }),
  )
  const topics = liveTopics(widgets, catalog.data ?? []).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream per set of topics
  useEffect(() => {
    if (!topics) return
    return openEventStream(
      screenLiveCall,
      (event, data) => {
        if (event !== LIVE_FIGURE_EVENT) return
        const { topic } = eventOf(data)
        const live = new Set((catalog.data ?? []).filter((s) => s.live === topic).map((s) => s.name))
        reload(
          queryClient,
          'user',
          widgets.filter((w) => live.has(w.statistic)),
        )
      },
      { params: { topics } },
    )
  }, [topics])

  if (view.isLoading) return <Loading />
  if (!view.data) return <NotShown refused={isRefusal(view.error)} />
  return <SignedView view={view.data} figures={figures} />
}

function SignedView({ view, figures }: { view: ScreenView; figures: ReturnType<typeof useFigures> }) {
  useEffect(() => {
    document.title = view.name
  }, [view.name])
  return <WallView layout={view.layout} figures={figures} viewer="signed-in" />
}

/** A screen a signed-in viewer may not open, or that is not published: said plainly. */
function NotShown({ refused }: { refused: boolean }) {
  const t = useScreenT()
  return refused ? <LinkInvalid /> : <div className="screen-invalid">{t('screen.notFound')}</div>
}

/**
 * The viewer outside the frame (`/datavview`, `/wel/screen`, `/wel/assetsscreen`): a `?token=` opens
 * the link's screen for anyone; signed in, `?id=` (or the route's built-in wall) opens the published
 * screen; anything else shows only 链接无效或已过期 and reads nothing.
 */
export function Viewer({ builtin }: { builtin?: 'general' | 'assets' }) {
  const [search] = useSearchParams()
  const token = search.get('token')
  const id = search.get('id')
  const signedIn = useSession((s) => Boolean(s.token))
  if (token !== null) return <PublicWall token={token} />
  if (signedIn && (builtin || id)) return <SignedInWall {...(builtin ? { builtin } : { id: id ?? '' })} />
  return <LinkInvalid />
}

export default function ViewerPage() {
  return (
    <PageProviders>
      <Viewer />
    </PageProviders>
  )
}

export function GeneralScreenPage() {
  return (
    <PageProviders>
      <Viewer builtin="general" />
    </PageProviders>
  )
}

export function AssetsScreenPage() {
  return (
    <PageProviders>
      <Viewer builtin="assets" />
    </PageProviders>
  )
}
