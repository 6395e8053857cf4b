import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { Editor } from './Editor'
import EditorPage from './EditorPage'

vi.mock('@/components/kit/Chart', () => ({ Chart: () => null }))

/** The designer over the real react-grid-layout: a widget added is a grid item at its cell's pixels. */
describe('大屏设计 on react-grid-layout', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('places a new widget on the 24 × 27 grid of the 1920×1080 design', async () => {
    useSession.setState({ token: 't', permission: { datav_edit: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/screen/detail'))
        return ok({
          id: '7',
          name: '园区大屏',
          remark: '',
          layout: JSON.stringify({
            background: '#0b1a33',
            widgets: [
              {
                id: 'a',
                kind: 'number',
                title: '访客',
                statistic: 'visitor.today',
                params: {},
                refresh: 30,
                x: 2,
                y: 3,
                w: 4,
                h: 4,
              },
            ],
          }),
          builtin: '',
          status: 1,
          publishTime: null,
          createTime: '2026-11-29 10:00:00',
          updateTime: null,
        })
      if (url.pathname.endsWith('/catalog')) return ok([])
      return ok({
        value: 5,
        unit: '',
        money: false,
        max: null,
        labels: [],
        series: [],
        columns: [],
        rows: [],
      })
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<Editor id="7" />)
    const item = await screen.findByTestId('screen-item-a')
    expect(item.className).toContain('react-grid-item')
    // 80 × 40 px cells: (2, 3) is at 160, 120 and 4 × 4 cells are 320 × 160
    expect(item.style.width).toBe('320px')
    expect(item.style.height).toBe('160px')
    expect(item.style.transform).toBe('translate(160px,120px)')
    await waitFor(() => expect(screen.getByTestId('screen-add-video').hasAttribute('disabled')).toBe(false))
    await userEvent.click(screen.getByTestId('screen-add-video'))
    const video = await screen.findByTestId('screen-item-w2')
    expect(video.className).toContain('react-grid-item')
    expect(screen.getByTestId('screen-video-w2').textContent).toBe('未选择摄像头')
  })

  it('refuses a user without datav_edit plainly', async () => {
    useSession.setState({ token: 't', permission: {} })
    vi.stubGlobal('fetch', stubFetch(() => ok(null)).fn)
    renderScreen(<EditorPage />, '/datavedit?id=7')
    expect(await screen.findByText('没有设计大屏的权限 (datav_edit)')).toBeTruthy()
  })
})
