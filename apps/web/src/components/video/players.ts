/**
 * The three ways a stream reaches a `<video>`: hls.js (HLS playlists), mpegts.js (FLV, over
 * WebSocket or HTTP) and WHEP (WebRTC, the local players). The libraries load on first use, so only
 * the video screens fetch them. Each attach answers its own teardown.
 */
export type PlayerKind = 'hls' | 'flv' | 'webrtc'

/** A started stream's kind by its URL: ws(s)/.flv → FLV, .m3u8 → HLS. */
export function kindOfUrl(url: string): Exclude<PlayerKind, 'webrtc'> | undefined {
  const { protocol, pathname } = new URL(url, 'http://x')
  if (protocol === 'ws:' || protocol === 'wss:' || pathname.endsWith('.flv')) return 'flv'
  if (pathname.endsWith('.m3u8')) return 'hls'
  return undefined
}

export type Detach = () => void

export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  onError: (e: string) => void,
): Promise<Detach> {
  const { default: Hls } = await import('hls.js')
  if (!Hls.isSupported()) {
    // Safari plays HLS itself
    video.src = url
    return () => video.removeAttribute('src')
  }
  const hls = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2 })
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onError(data.details)
  })
  hls.loadSource(url)
  hls.attachMedia(video)
  return () => hls.destroy()
}

export async function attachFlv(
  video: HTMLVideoElement,
  url: string,
  onError: (e: string) => void,
): Promise<Detach> {
  const { default: mpegts } = await import('mpegts.js')
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url, hasAudio: false },
    { enableStashBuffer: false, liveBufferLatencyChasing: true },
  )
  player.on(mpegts.Events.ERROR, (type: string, detail: string) => onError(`${type}: ${detail}`))
  player.attachMediaElement(video)
  player.load()
  return () => {
    player.unload()
    player.detachMediaElement()
    player.destroy()
  }
}

/** WHEP (RFC 9725): POST our offer as application/sdp, the answer comes back with 201. */
export async function attachWhep(video: HTMLVideoElement, url: string): Promise<Detach> {
  const pc = new RTCPeerConnection()
  pc.addTransceiver('video', { direction: 'recvonly' })
  pc.addTransceiver('audio', { direction: 'recvonly' })
  pc.ontrack = (event) => {
    if (event.streams[0]) video.srcObject = event.streams[0]
  }
  let resource: string | null = null
  try {
    await pc.setLocalDescription(await pc.createOffer())
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
    })
    if (res.status !== 201 && res.status !== 200) throw new Error(`WHEP ${res.status}`)
    const location = res.headers.get('location')
    resource = location ? new URL(location, url).href : null
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() })
  } catch (error) {
    pc.close()
    throw error
  }
  return () => {
    pc.close()
    video.srcObject = null
    // the session's resource is deleted so the local player frees the stream at once
    if (resource) void fetch(resource, { method: 'DELETE' }).catch(() => undefined)
  }
}
