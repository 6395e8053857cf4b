import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen } from '@/test/render'
import TodayAlarmsCard from './TodayAlarmsCard'

/**
 * 今日告警: the home card's figures and badge follow the tenant's live `alarms` stream — an alarm
 * published while the card is open reloads it (no refresh), as the records list does.
 */
describe('today’s alarms card (live)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the open alarms in its badge and reloads when the alarms stream speaks', async () => {
    useSession.setState({ token: 't', permission: { alarm_view: true } } as never)
    let figures = { total: 1, open: 1, byLevel: [{ level: 3, count: 1 }] }
    let push: ((frame: string) => void) | undefined
    const streams: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname.endsWith('/park-manage/AlarmRecord/live')) {
        streams.push(url.pathname)
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (frame) => controller.enqueue(new TextEncoder().encode(frame))
          },
        })
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }
      if (url.pathname.endsWith('/park-manage/alarmController/todayAlarms'))
        return new Response(JSON.stringify(ok(figures)), { status: 200 })
      return new Response(JSON.stringify(ok(null)), { status: 200 })
    })
    renderScreen(<TodayAlarmsCard />)
    const badge = await screen.findByTestId('home-alarms-open')
    await waitFor(() => expect(badge.textContent).toContain('1'))
    expect(screen.getByText('重要 1')).toBeTruthy()
    await waitFor(() => expect(push).toBeDefined())
    expect(streams).toHaveLength(1)

    figures = {
      total: 3,
      open: 2,
      byLevel: [
        { level: 3, count: 1 },
        { level: 4, count: 2 },
      ],
    }
    push!(`event: alarm\ndata: ${JSON.stringify([{ id: '9', opened: true }])}\n\n`)
    await waitFor(() => expect(screen.getByText('紧急 2')).toBeTruthy(), { timeout: 5_000 })
    expect(screen.getByTestId('home-alarms-open').textContent).toContain('2')
  })

  it('says none without the records permission, and opens no stream', async () => {
    useSession.setState({ token: 't', permission: {} } as never)
    const fetched: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      fetched.push(String(input))
      return new Response(JSON.stringify(ok(null)), { status: 200 })
    })
    renderScreen(<TodayAlarmsCard />)
    expect(await screen.findByText('今日暂无告警')).toBeTruthy()
    expect(fetched).toEqual([])
  })
})
