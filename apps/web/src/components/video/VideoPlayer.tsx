import { Button, Spin } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useVideoT } from './i18n'
import './video.css'
import { isLocalVideo } from './localVideos'
import { attachFlv, attachHls, attachWhep, type Detach, kindOfUrl, type PlayerKind } from './players'

export interface VideoPlayerProps {
  machineId: string
  /** starts the machine's stream (startPlay) and answers its URL; its rejection's message is shown */
  start: () => Promise<string>
  /** the WHEP endpoint of a machine in the local list (spec: a local WebRTC player is used) */
  localUrl?: () => Promise<string>
  /** a caption over the picture (the machine's name) */
  caption?: ReactNode
}

type State = { status: 'loading' | 'playing' } | { status: 'error'; message: string }

/**
 * One camera's picture (spec 01 §3 live video widget, spec 02 §2): a machine in the browser's
 * `localVideos` list plays through WebRTC (WHEP); any other starts its stream and plays it with
 * hls.js (an HLS playlist) or mpegts.js (FLV over WebSocket), chosen by the URL it got.
 */
export function VideoPlayer({ machineId, start, localUrl, caption }: VideoPlayerProps) {
  const t = useVideoT()
  const video = useRef<HTMLVideoElement>(null)
  const [kind, setKind] = useState<PlayerKind>()
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // the latest callbacks, without restarting the stream when a parent re-renders
  const calls = useRef({ start, localUrl })
  calls.current = { start, localUrl }

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the stream on retry
  useEffect(() => {
    let detach: Detach | undefined
    let gone = false
    const fail = (message: string) => {
      if (!gone) setState({ status: 'error', message })
    }
    setState({ status: 'loading' })
    void (async () => {
      const element = video.current
      if (!element) return
      const { start, localUrl } = calls.current
      const local = localUrl && isLocalVideo(machineId)
      const url = local ? await localUrl() : await start()
      const chosen: PlayerKind | undefined = local ? 'webrtc' : kindOfUrl(url)
      if (gone) return
      setKind(chosen)
      if (!chosen) return fail(t('video.unknownStream'))
      const attached =
        chosen === 'webrtc'
          ? await attachWhep(element, url)
          : await (chosen === 'hls' ? attachHls : attachFlv)(element, url, (detail) =>
              fail(`${t('video.failed')}: ${detail}`),
            )
      if (gone) return attached()
      detach = attached
      setState((s) => (s.status === 'loading' ? { status: 'playing' } : s))
    })().catch((error: unknown) =>
      fail(error instanceof Error && error.message ? error.message : t('video.failed')),
    )
    return () => {
      gone = true
      detach?.()
    }
  }, [machineId, attempt, t])

  return (
    <div className="xpark-video" data-testid="video-player" data-kind={kind} data-status={state.status}>
      <video ref={video} muted autoPlay playsInline />
      {caption && <div className="xpark-video-caption">{caption}</div>}
      {state.status === 'loading' && (
        <div className="xpark-video-overlay">
          <Spin tip={t('video.loading')}>
            <span />
          </Spin>
        </div>
      )}
      {state.status === 'error' && (
        <div className="xpark-video-overlay" role="alert">
          <span>{state.message}</span>
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('video.retry')}
          </Button>
        </div>
      )}
    </div>
  )
}
