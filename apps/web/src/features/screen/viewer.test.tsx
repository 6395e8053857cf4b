import { act, screen, waitFor } from '@testing-library/react'
import { LINK_INVALID, type ScreenView } from '@xpark/contract/modules/screen'
import type { Figure } from '@xpark/contract/modules/statistics'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen } from '@/test/render'
import { publicWidgetsOf, Viewer } from './ViewerPage'

const TOKEN = 'tok_0123456789abcdef'

const view: ScreenView = {
  id: '7',
  name: '园区大屏',
  publishTime: '2026-11-29 10:00:00',
  layout: {
    background: '#0b1a33',
    widgets: [
      {
        id: 'alarms',
        kind: 'number',
        title: '今日告警',
        statistic: 'alarm.today',
        params: {},
        refresh: 30,
        x: 0,
        y: 0,
        w: 6,
        h: 4,
      },
      {
        id: 'visits',
        kind: 'number',
        title: '今日访客',
        statistic: 'visitor.today',
        params: {},
        refresh: 30,
        x: 6,
        y: 0,
        w: 6,
        h: 4,
      },
    ],
  },
}

const figure = (value: number): Figure => ({
  value,
  unit: '次',
  money: false,
  max: null,
  labels: [],
  series: [],
  columns: [],
  rows: [],
})

/**
 * The API as a link's viewer meets it: the view, a figure per widget (the alarms one counting up at
 * each read), and the live stream, whose frames the test pushes.
 */
function stubApi({ viewStatus = 200, figureStatus = 200 } = {}) {
  const calls: URL[] = []
  let push: (frame: string) => void = () => {}
  let alarms = 0
  const fn = async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push(url)
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
    if (url.pathname.endsWith('/public/view'))
      return viewStatus === 200
        ? json(ok(view))
        : json({ code: viewStatus, success: false, msg: LINK_INVALID, data: null }, viewStatus)
    if (url.pathname.endsWith('/public/figure')) {
      if (figureStatus !== 200)
        return json({ code: figureStatus, success: false, msg: LINK_INVALID, data: null }, figureStatus)
      const widget = url.searchParams.get('widget')
      return json(ok(figure(widget === 'alarms' ? ++alarms : 40)))
    }
    if (url.pathname.endsWith('/public/live')) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (frame) => controller.enqueue(new TextEncoder().encode(frame))
        },
      })
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
    }
    return json(ok(null))
  }
  vi.stubGlobal('fetch', fn)
  return { calls, push: (frame: string) => push(frame) }
}

const reads = (calls: URL[], path: string) => calls.filter((u) => u.pathname.endsWith(path)).length

describe('a big screen opened by its link', { timeout: 30_000 }, () => {
  beforeEach(() => useSession.setState({ token: '', permission: {} }))
  afterEach(() => vi.unstubAllGlobals())

  it('shows the published widgets with their figures, read through the link', async () => {
    const api = stubApi()
    renderScreen(<Viewer />, `/datavview?token=${TOKEN}`)
    expect((await screen.findByTestId('screen-number-visits')).textContent).toBe('40次')
    expect(screen.getByText('今日告警')).toBeTruthy()
    const figureCall = api.calls.find((u) => u.pathname.endsWith('/public/figure'))!
    expect(figureCall.searchParams.get('token')).toBe(TOKEN)
    await waitFor(() => expect(reads(api.calls, '/public/live')).toBe(1))
    expect(api.calls.find((u) => u.pathname.endsWith('/public/live'))!.searchParams.get('token')).toBe(TOKEN)
  })

  it('a figure event re-reads at once the widgets of its topic', async () => {
    const api = stubApi()
    renderScreen(<Viewer />, `/datavview?token=${TOKEN}`)
    await waitFor(() => expect(screen.getByTestId('screen-number-alarms').textContent).toBe('1次'))
    await waitFor(() => expect(reads(api.calls, '/public/live')).toBe(1))
    const visitReads = () =>
      api.calls.filter(
        (u) => u.pathname.endsWith('/public/figure') && u.searchParams.get('widget') === 'visits',
      ).length
    const before = visitReads()
    act(() => api.push('event: figure\ndata: {"topic":"alarms"}\n\n'))
    await waitFor(() => expect(screen.getByTestId('screen-number-alarms').textContent).toBe('2次'))
    // the visitors' figure follows no alarm: not read again
    expect(visitReads()).toBe(before)
  })

  it('a 403 replaces the whole screen by 链接无效或已过期', async () => {
    const api = stubApi({ viewStatus: 403 })
    renderScreen(<Viewer />, `/datavview?token=${TOKEN}`)
    expect((await screen.findByTestId('screen-link-invalid')).textContent).toBe(LINK_INVALID)
    expect(screen.queryByTestId('screen-wall')).toBeNull()
    // nothing more is read: no figure, no stream
    expect(reads(api.calls, '/public/figure')).toBe(0)
    expect(reads(api.calls, '/public/live')).toBe(0)
  })

  it('a 403 on a figure replaces the whole screen too', async () => {
    const api = stubApi({ figureStatus: 403 })
    renderScreen(<Viewer />, `/datavview?token=${TOKEN}`)
    expect((await screen.findByTestId('screen-link-invalid')).textContent).toBe(LINK_INVALID)
    expect(screen.queryByTestId('screen-wall')).toBeNull()
    expect(reads(api.calls, '/public/view')).toBe(1)
  })

  it('a revoked event replaces the whole screen and reads nothing more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = stubApi()
      renderScreen(<Viewer />, `/datavview?token=${TOKEN}`)
      await screen.findByTestId('screen-number-visits')
      await waitFor(() => expect(reads(api.calls, '/public/live')).toBe(1))
      act(() => api.push('event: revoked\ndata: {}\n\n'))
      expect((await screen.findByTestId('screen-link-invalid')).textContent).toBe(LINK_INVALID)
      expect(screen.queryByTestId('screen-wall')).toBeNull()
      const before = api.calls.length
      // well past every widget's refresh and the stream's retry pause
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000)
      })
      expect(api.calls.length).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })

  it('signed out, without a token, a viewer route shows only 链接无效或已过期 and reads nothing', async () => {
    const api = stubApi()
    renderScreen(<Viewer builtin="general" />, '/wel/screen')
    expect((await screen.findByTestId('screen-link-invalid')).textContent).toBe(LINK_INVALID)
    renderScreen(<Viewer />, '/datavview?token=short')
    expect(screen.getAllByTestId('screen-link-invalid')).toHaveLength(2)
    expect(api.calls).toHaveLength(0)
  })

  it("signed in, /wel/screen opens the built-in wall: figures under the viewer's scope, live topics followed", async () => {
    useSession.setState({ token: 't', permission: {} })
    const calls: URL[] = []
    const fn = async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost')
      calls.push(url)
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })
      if (url.pathname.endsWith('/screen/view')) return json(ok(view))
      if (url.pathname.endsWith('/xpark-statistic/catalog'))
        return json(
          ok([
            { name: 'alarm.today', title: '今日告警', en: '', kinds: ['number'], params: [], live: 'alarms' },
            { name: 'visitor.today', title: '今日访客', en: '', kinds: ['number'], params: [], live: null },
          ]),
        )
      if (url.pathname.endsWith('/xpark-statistic/run'))
        return json(ok(figure(url.searchParams.get('name') === 'alarm.today' ? 5 : 6)))
      if (url.pathname.endsWith('/screen/live')) return new Response(new ReadableStream(), { status: 200 })
      return json(ok(null))
    }
    vi.stubGlobal('fetch', fn)
    renderScreen(<Viewer builtin="general" />, '/wel/screen')
    await waitFor(() => expect(screen.getByTestId('screen-number-alarms').textContent).toBe('5次'))
    expect(screen.getByTestId('screen-number-visits').textContent).toBe('6次')
    expect(calls.find((u) => u.pathname.endsWith('/screen/view'))!.searchParams.get('builtin')).toBe(
      'general',
    )
    const run = calls.find((u) => u.pathname.endsWith('/xpark-statistic/run'))!
    expect(run.searchParams.get('params')).toBe('{}')
    await waitFor(() => expect(calls.some((u) => u.pathname.endsWith('/screen/live'))).toBe(true))
    expect(calls.find((u) => u.pathname.endsWith('/screen/live'))!.searchParams.get('topics')).toBe('alarms')
    expect(calls.some((u) => u.pathname.includes('/public/'))).toBe(false)
  })

  it('a figure event concerns the widgets it lists, else those of its topic, else all', () => {
    const [alarms, visits] = view.layout.widgets
    expect(publicWidgetsOf(view.layout.widgets, { topic: 'alarms', widgets: ['visits'] })).toEqual([visits])
    expect(publicWidgetsOf(view.layout.widgets, { topic: 'alarms' })).toEqual([alarms])
    expect(publicWidgetsOf(view.layout.widgets, { topic: 'parking' })).toEqual([alarms, visits])
  })
})
