import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import LivePage from './LivePage'

// the player's library, stubbed at its module boundary
const hls = vi.hoisted(() => ({ loadSource: vi.fn(), attachMedia: vi.fn(), destroy: vi.fn(), on: vi.fn() }))
vi.mock('hls.js', () => {
  const Hls = vi.fn(function Hls() {
    return hls
  }) as unknown as Record<string, unknown>
  Hls.isSupported = () => true
  Hls.Events = { ERROR: 'hlsError' }
  return { default: Hls }
})

const CAMERAS = [
  { id: '11', code: 'CAM-GATE', name: '园区大门摄像头' },
  { id: '12', code: 'CAM-ROOM', name: '机房摄像头' },
]

function stubServer() {
  const stub = stubFetch((url, init) => {
    if (url.pathname.endsWith('/park-manage/machine/queryMachines'))
      return ok({
        records: CAMERAS,
        total: 2,
        size: 200,
        current: 1,
        pages: 1,
        orders: [],
        searchCount: true,
      })
    if (url.pathname.endsWith('/startPlay'))
      return ok({
        url: `http://127.0.0.1:9/hls/${url.searchParams.get('machineId')}.m3u8`,
        kind: 'hls',
        stream: 's',
      })
    if (url.pathname.endsWith('/frontCommandControl')) return ok({ body: String(init?.body) })
    if (url.pathname.endsWith('/getFileUrl')) return ok({ url: 'http://127.0.0.1:9/snap/x.jpg' })
    return ok({})
  })
  vi.stubGlobal('fetch', stub.fn)
  return stub
}

describe('实时视频', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('titles the page 智慧园区; a camera clicked plays in the selected tile; 1/4/9/16 tiles', async () => {
    useSession.setState({ token: 't', permission: { video_live_view: true } })
    const stub = stubServer()
    renderScreen(<LivePage />)
    expect(document.title).toBe('智慧园区')
    fireEvent.click(await screen.findByTestId('camera-CAM-ROOM'))
    await waitFor(() => expect(hls.loadSource).toHaveBeenCalledWith('http://127.0.0.1:9/hls/12.m3u8'))
    expect(
      stub.calls.some(
        (c) => c.url.pathname.endsWith('/startPlay') && c.url.searchParams.get('machineId') === '12',
      ),
    ).toBe(true)
    expect(screen.getByTestId('tile-0').querySelector('[data-kind="hls"]')).not.toBeNull()
    expect(screen.getAllByTestId(/^tile-/)).toHaveLength(4)
    fireEvent.click(screen.getByText('9'))
    expect(screen.getAllByTestId(/^tile-/)).toHaveLength(9)
    // without video_ptz there is no pad
    expect(screen.queryByTestId('ptz-pad')).toBeNull()
  })

  it("with video_ptz the pad moves the selected tile's camera: pressed, then stop", async () => {
    useSession.setState({ token: 't', permission: { video_live_view: true, video_ptz: true } })
    const stub = stubServer()
    renderScreen(<LivePage />)
    fireEvent.click(await screen.findByTestId('camera-CAM-GATE'))
    fireEvent.click(screen.getByTestId('tile-0'))
    const left = screen.getByRole('button', { name: '左' })
    fireEvent.pointerDown(left, { pointerId: 1 })
    fireEvent.pointerUp(left, { pointerId: 1 })
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.url.pathname.endsWith('/frontCommandControl'))).toHaveLength(2),
    )
    const bodies = stub.calls
      .filter((c) => c.url.pathname.endsWith('/frontCommandControl'))
      .map((c) => JSON.parse(String(c.init?.body)))
    expect(bodies).toEqual([
      { machineId: '11', command: 'left' },
      { machineId: '11', command: 'stop' },
    ])
  })
})
