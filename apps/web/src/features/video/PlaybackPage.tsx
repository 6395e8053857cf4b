import { useQuery } from '@tanstack/react-query'
import type { CallReply } from '@xpark/contract/calls'
import {
  PLAYBACK_SPEEDS,
  PLAYBACK_STATE,
  pausePlaybackCall,
  playControlCall,
  queryPlaybackCall,
  resumePlaybackCall,
  seekPlaybackCall,
  speedPlaybackCall,
  startPlaybackCall,
  stopPlaybackCall,
} from '@xpark/contract/modules/video'
import { App, Button, Card, DatePicker, Empty, Form, Popconfirm, Select, Space, Table } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { callApi } from '@/api/calls'
import { VideoPlayer } from '@/components/video'
import { cameraQuery, useVideoTitle } from './api'
import { useVideoPageT } from './i18n'
import './video.css'

type Playback = CallReply<typeof startPlaybackCall>
type Recording = CallReply<typeof queryPlaybackCall>[number]

const TIME = 'YYYY-MM-DD HH:mm:ss'
/** the server stops a playback no call touched for 60 s: the open player says it still watches */
const KEEPALIVE_MS = 20_000

/**
 * 录像回放 (issue 28; spec 02 §2): a camera's recordings of a day; one played at a time, with start,
 * stop, pause, resume, seek and speed. The playback is the caller's own on the server.
 */
export default function PlaybackPage() {
  const t = useVideoPageT()
  const { message } = App.useApp()
  useVideoTitle()
  const cameras = useQuery(cameraQuery)
  const [machineId, setMachineId] = useState<string>()
  const [day, setDay] = useState<Dayjs>(dayjs())
  const [records, setRecords] = useState<Recording[] | null>(null)
  const [loading, setLoading] = useState(false)
  const [playback, setPlayback] = useState<Playback | null>(null)
  const [seekTo, setSeekTo] = useState<Dayjs | null>(null)
  const live = useRef<Playback | null>(null)
  live.current = playback

  const fail = (e: unknown) => message.error((e as Error).message)

  // keep the playback alive while it is open; stop it when the page closes
  useEffect(() => {
    if (!playback || playback.state === PLAYBACK_STATE.stopped) return
    const timer = setInterval(() => {
      callApi(playControlCall, { id: playback.id, action: 'keepalive' }).catch(() => undefined)
    }, KEEPALIVE_MS)
    return () => clearInterval(timer)
  }, [playback])
  useEffect(
    () => () => {
      const open = live.current
      if (open && open.state !== PLAYBACK_STATE.stopped)
        callApi(stopPlaybackCall, { id: open.id }).catch(() => undefined)
    },
    [],
  )

  const query = async () => {
    if (!machineId) return message.warning(t('video.pickCamera'))
    setLoading(true)
    try {
      setRecords(await callApi(queryPlaybackCall, { machineId, day: day.format('YYYY-MM-DD') }))
    } catch (e) {
      fail(e)
    } finally {
      setLoading(false)
    }
  }
  const play = async (r: Recording) => {
    if (!machineId) return
    try {
      if (playback && playback.state !== PLAYBACK_STATE.stopped)
        await callApi(stopPlaybackCall, { id: playback.id }).catch(() => undefined)
      const started = await callApi(startPlaybackCall, {
        machineId,
        startTime: r.startTime,
        endTime: r.endTime,
      })
      setPlayback(started)
      setSeekTo(dayjs(started.startTime, TIME))
    } catch (e) {
      fail(e)
    }
  }
  const control = async (run: (id: string) => Promise<Playback>) => {
    if (!playback) return
    try {
      setPlayback(await run(playback.id))
    } catch (e) {
      fail(e)
    }
  }

  const ended = !playback || playback.state === PLAYBACK_STATE.stopped
  return (
    <div className="video-playback" data-testid="video-playback">
      <Card size="small">
        <Form layout="inline">
          <Form.Item label={t('video.camera')}>
            <Select
              style={{ width: 220 }}
              loading={cameras.isLoading}
              value={machineId}
              onChange={setMachineId}
              placeholder={t('video.pickCamera')}
              options={(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="playback-camera"
            />
          </Form.Item>
          <Form.Item label={t('video.day')}>
            <DatePicker value={day} onChange={(d) => d && setDay(d)} allowClear={false} />
          </Form.Item>
          <Button type="primary" onClick={query} loading={loading}>
            {t('video.query')}
          </Button>
        </Form>
      </Card>
      <div className="video-playback-body">
        <Card size="small" title={t('video.records')}>
          <Table<Recording>
            size="small"
            rowKey={(r) => r.startTime}
            dataSource={records ?? []}
            loading={loading}
            pagination={{ pageSize: 12 }}
            locale={{
              emptyText: <Empty description={records ? t('video.noRecords') : t('video.pickCamera')} />,
            }}
            columns={[
              { title: t('video.startTime'), dataIndex: 'startTime' },
              { title: t('video.endTime'), dataIndex: 'endTime' },
              {
                title: '',
                key: 'play',
                render: (_, r) => (
                  <Button size="small" type="link" onClick={() => play(r)}>
                    {t('video.play')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small">
          {playback && !ended ? (
            <VideoPlayer
              key={playback.id}
              machineId={`playback-${playback.id}`}
              start={async () => playback.url}
              caption={`${playback.startTime} – ${playback.endTime}`}
            />
          ) : (
            <Empty description={t('video.emptyTile')} />
          )}
          <Space wrap style={{ marginTop: 8 }}>
            {playback?.state === PLAYBACK_STATE.paused ? (
              <Button disabled={ended} onClick={() => control((id) => callApi(resumePlaybackCall, { id }))}>
                {t('video.resume')}
              </Button>
            ) : (
              <Button disabled={ended} onClick={() => control((id) => callApi(pausePlaybackCall, { id }))}>
                {t('video.pause')}
              </Button>
            )}
            <Popconfirm
              title={t('video.stopConfirm')}
              onConfirm={() => control((id) => callApi(stopPlaybackCall, { id }))}
              disabled={ended}
            >
              <Button danger disabled={ended}>
                {t('video.stop')}
              </Button>
            </Popconfirm>
            <span>{t('video.speed')}</span>
            <Select
              style={{ width: 90 }}
              disabled={ended}
              value={playback?.speed ?? 1}
              options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `${s}x` }))}
              onChange={(speed) => control((id) => callApi(speedPlaybackCall, { id, speed }))}
            />
            <DatePicker
              showTime
              disabled={ended}
              value={seekTo}
              onChange={setSeekTo}
              minDate={playback ? dayjs(playback.startTime, TIME) : undefined}
              maxDate={playback ? dayjs(playback.endTime, TIME) : undefined}
            />
            <Button
              disabled={ended || !seekTo}
              onClick={() =>
                seekTo && control((id) => callApi(seekPlaybackCall, { id, time: seekTo.format(TIME) }))
              }
            >
              {t('video.seek')}
            </Button>
          </Space>
        </Card>
      </div>
    </div>
  )
}
