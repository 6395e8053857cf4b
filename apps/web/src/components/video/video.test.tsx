import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCAL_VIDEOS_KEY } from './localVideos'
import { PtzPad } from './PtzPad'
import { kindOfUrl } from './players'
import { VideoPlayer } from './VideoPlayer'

// the players' libraries, stubbed at the module boundary
const hls = vi.hoisted(() => ({ loadSource: vi.fn(), attachMedia: vi.fn(), destroy: vi.fn(), on: vi.fn() }))
vi.mock('hls.js', () => {
  const Hls = vi.fn(function Hls() {
    return hls
  }) as unknown as Record<string, unknown>
  Hls.isSupported = () => true
  Hls.Events = { ERROR: 'hlsError' }
  return { default: Hls }
})
const flv = vi.hoisted(() => ({
  createPlayer: vi.fn(),
  player: {
    on: vi.fn(),
    attachMediaElement: vi.fn(),
    load: vi.fn(),
    unload: vi.fn(),
    detachMediaElement: vi.fn(),
    destroy: vi.fn(),
  },
}))
vi.mock('mpegts.js', () => ({
  default: {
    createPlayer: flv.createPlayer.mockImplementation(() => flv.player),
    Events: { ERROR: 'error' },
  },
}))

class PeerStub {
  static last: PeerStub
  transceivers: string[] = []
  localDescription?: { sdp: string }
  remote?: { type: string; sdp: string }
  closed = false
  ontrack: unknown = null
  constructor() {
    PeerStub.last = this
  }
  addTransceiver(kind: string) {
    this.transceivers.push(kind)
  }
  async createOffer() {
    return { type: 'offer', sdp: 'v=0 offer' }
  }
  async setLocalDescription(d: { sdp: string }) {
    this.localDescription = d
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remote = d
  }
  close() {
    this.closed = true
  }
}

describe('VideoPlayer: which player plays a machine', () => {
  const fetchMock = vi.fn()
  beforeEach(() => {
    vi.clearAllMocks()
    localStorage.clear()
    vi.stubGlobal('RTCPeerConnection', PeerStub)
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('an HLS playlist plays with hls.js', async () => {
    const start = vi.fn().mockResolvedValue('http://127.0.0.1:9000/hls/gate.m3u8')
    const { unmount } = render(<VideoPlayer machineId="7" start={start} />)
    await waitFor(() => expect(screen.getByTestId('video-player').dataset.status).toBe('playing'))
    expect(screen.getByTestId('video-player').dataset.kind).toBe('hls')
    expect(hls.loadSource).toHaveBeenCalledWith('http://127.0.0.1:9000/hls/gate.m3u8')
    expect(hls.attachMedia).toHaveBeenCalledWith(expect.any(HTMLVideoElement))
    expect(flv.createPlayer).not.toHaveBeenCalled()
    unmount()
    expect(hls.destroy).toHaveBeenCalled()
  })

  it('an FLV over WebSocket plays with mpegts.js, live', async () => {
    const start = vi.fn().mockResolvedValue('ws://127.0.0.1:9000/rtp/34020000001320000001_1.live.flv')
    const { unmount } = render(<VideoPlayer machineId="8" start={start} />)
    await waitFor(() => expect(screen.getByTestId('video-player').dataset.status).toBe('playing'))
    expect(screen.getByTestId('video-player').dataset.kind).toBe('flv')
    expect(flv.createPlayer).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'flv',
        isLive: true,
        url: 'ws://127.0.0.1:9000/rtp/34020000001320000001_1.live.flv',
      }),
      expect.anything(),
    )
    expect(flv.player.load).toHaveBeenCalled()
    expect(hls.loadSource).not.toHaveBeenCalled()
    unmount()
    expect(flv.player.destroy).toHaveBeenCalled()
  })

  it('a machine in the local list plays through WHEP (WebRTC) and starts no stream', async () => {
    localStorage.setItem(LOCAL_VIDEOS_KEY, JSON.stringify(['9']))
    fetchMock.mockResolvedValue(
      new Response('v=0 answer', { status: 201, headers: { location: '/cam9/whep/session-1' } }),
    )
    const start = vi.fn()
    const localUrl = vi.fn().mockResolvedValue('http://10.0.0.9:8889/cam9/whep')
    const { unmount } = render(<VideoPlayer machineId="9" start={start} localUrl={localUrl} />)
    await waitFor(() => expect(screen.getByTestId('video-player').dataset.status).toBe('playing'))
    expect(screen.getByTestId('video-player').dataset.kind).toBe('webrtc')
    expect(start).not.toHaveBeenCalled()
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('http://10.0.0.9:8889/cam9/whep')
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: 'v=0 offer',
    })
    expect(PeerStub.last.transceivers).toEqual(['video', 'audio'])
    expect(PeerStub.last.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' })
    unmount()
    expect(PeerStub.last.closed).toBe(true)
    expect(fetchMock).toHaveBeenLastCalledWith('http://10.0.0.9:8889/cam9/whep/session-1', {
      method: 'DELETE',
    })
  })

  it('a machine not in the list starts its stream even with a local player offered', async () => {
    localStorage.setItem(LOCAL_VIDEOS_KEY, JSON.stringify({ content: ['1'] })) // Saber's wrapped store
    const start = vi.fn().mockResolvedValue('http://h/hls/a.m3u8')
    render(<VideoPlayer machineId="2" start={start} localUrl={vi.fn()} />)
    await waitFor(() => expect(screen.getByTestId('video-player').dataset.kind).toBe('hls'))
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('a refused start shows its message and a retry that starts again', async () => {
    const start = vi
      .fn()
      .mockRejectedValueOnce(new Error('该设备不支持视频播放'))
      .mockResolvedValue('http://h/a.m3u8')
    render(<VideoPlayer machineId="3" start={start} />)
    expect((await screen.findByRole('alert')).textContent).toContain('该设备不支持视频播放')
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }))
    await waitFor(() => expect(screen.getByTestId('video-player').dataset.status).toBe('playing'))
    expect(start).toHaveBeenCalledTimes(2)
  })

  it('kinds by URL: ws and .flv are FLV, .m3u8 is HLS, anything else unknown', () => {
    expect(kindOfUrl('wss://h/live/a.flv')).toBe('flv')
    expect(kindOfUrl('http://h/live/a.flv?token=1')).toBe('flv')
    expect(kindOfUrl('http://h/openUrl/x/live.m3u8?t=1')).toBe('hls')
    expect(kindOfUrl('rtsp://h/a')).toBeUndefined()
  })
})

describe('PtzPad: pressed moves, released stops', () => {
  it('a pointer press sends the command once, its release sends stop', () => {
    const onCommand = vi.fn()
    render(<PtzPad onCommand={onCommand} />)
    const left = screen.getByRole('button', { name: '左' })
    fireEvent.pointerDown(left, { pointerId: 1 })
    fireEvent.pointerDown(left, { pointerId: 1 })
    fireEvent.pointerUp(left, { pointerId: 1 })
    fireEvent.pointerDown(screen.getByRole('button', { name: '放大' }), { pointerId: 1 })
    fireEvent.pointerUp(screen.getByRole('button', { name: '放大' }), { pointerId: 1 })
    expect(onCommand.mock.calls).toEqual([['left'], ['stop'], ['zoomin'], ['stop']])
  })

  it('arrow keys on the focused pad: down moves (repeats not sent), up stops; losing focus stops', () => {
    const onCommand = vi.fn()
    render(<PtzPad onCommand={onCommand} />)
    const pad = screen.getByTestId('ptz-pad')
    act(() => pad.focus())
    fireEvent.keyDown(pad, { key: 'ArrowUp' })
    fireEvent.keyDown(pad, { key: 'ArrowUp', repeat: true })
    fireEvent.keyUp(pad, { key: 'ArrowUp' })
    fireEvent.keyDown(pad, { key: '-' })
    fireEvent.blur(pad)
    fireEvent.keyDown(pad, { key: 'a' })
    expect(onCommand.mock.calls).toEqual([['up'], ['stop'], ['zoomout'], ['stop']])
  })

  it('a disabled pad sends nothing', () => {
    const onCommand = vi.fn()
    render(<PtzPad onCommand={onCommand} disabled />)
    fireEvent.keyDown(screen.getByTestId('ptz-pad'), { key: 'ArrowLeft' })
    expect(onCommand).not.toHaveBeenCalled()
  })
})
