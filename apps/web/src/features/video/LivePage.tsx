import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { frontCommandCall, snapshotCall, VIDEO_PTZ } from '@xpark/contract/modules/video'
import { App, Button, Card, Empty, Image, List, Modal, Segmented, Space, Spin } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { type PtzCommand, PtzPad, VideoPlayer } from '@/components/video'
import { usePermission } from '@/stores/session'
import { cameraQuery, playerCalls, useVideoTitle } from './api'
import { useVideoPageT } from './i18n'
import './video.css'

const LAYOUTS = [1, 4, 9, 16] as const

/**
 * 实时视频 (issue 28): 1, 4, 9 or 16 tiles; a camera clicked plays in the selected tile; the selected
 * tile's camera takes the PTZ pad (video_ptz) and can be snapshotted.
 */
export default function LivePage() {
  const t = useVideoPageT()
  const { message } = App.useApp()
  useVideoTitle()
  const cameras = useQuery(cameraQuery)
  const [layout, setLayout] = useState<(typeof LAYOUTS)[number]>(4)
  const [tiles, setTiles] = useState<(string | null)[]>(Array(16).fill(null))
  const [selected, setSelected] = useState(0)
  const [snapshot, setSnapshot] = useState<string | null>(null)
  const mayMove = usePermission(VIDEO_PTZ)
  const names = new Map((cameras.data ?? []).map((c) => [c.id, c.name]))
  const current = tiles[selected] ?? null

  const play = (machineId: string) => {
    setTiles((old) => old.map((id, i) => (i === selected ? machineId : id)))
    // the next tile is selected, so clicking camera after camera fills the grid
    setSelected((s) => (s + 1) % layout)
  }
  const move = (command: PtzCommand | 'stop') => {
    if (!current) return
    callApi(frontCommandCall, { machineId: current, command }).catch((e: Error) => message.error(e.message))
  }
  const snap = async () => {
    if (!current) return
    try {
      setSnapshot((await callApi(snapshotCall, { machineId: current })).url)
    } catch (e) {
      message.error((e as Error).message)
    }
  }

  return (
    <div className="video-live" data-testid="video-live">
      <Card size="small" title={t('video.cameras')} className="video-live-cameras">
        {cameras.isLoading ? (
          <Spin />
        ) : cameras.error ? (
          <Empty description={(cameras.error as Error).message} />
        ) : (
          <List
            size="small"
            dataSource={cameras.data ?? []}
            locale={{ emptyText: <Empty description={t('video.noCameras')} /> }}
            renderItem={(c) => (
              <List.Item
                className={
                  tiles.slice(0, layout).includes(c.id) ? 'video-live-camera playing' : 'video-live-camera'
                }
                onClick={() => play(c.id)}
                data-testid={`camera-${c.code}`}
              >
                <Space>
                  <VideoCameraOutlined />
                  {c.name}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      <div className="video-live-main">
        <Space wrap>
          <span>{t('video.layout')}</span>
          <Segmented
            options={LAYOUTS.map((n) => ({ label: String(n), value: n }))}
            value={layout}
            onChange={(n) => {
              setLayout(n)
              setSelected((s) => (s < n ? s : 0))
            }}
          />
          <span className="video-live-hint">{t('video.pickTile')}</span>
        </Space>
        <div className={`video-grid video-grid-${layout}`} data-testid="video-grid">
          {tiles.slice(0, layout).map((machineId, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the tile is picked by pointer; the camera list is the keyboard's way
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: tiles are positions
              key={i}
              className={i === selected ? 'video-tile selected' : 'video-tile'}
              onClick={() => setSelected(i)}
              data-testid={`tile-${i}`}
            >
              {machineId ? (
                <VideoPlayer
                  machineId={machineId}
                  caption={names.get(machineId)}
                  {...playerCalls(machineId)}
                />
              ) : (
                <div className="video-tile-empty">{t('video.emptyTile')}</div>
              )}
            </div>
          ))}
        </div>
      </div>
      <Card size="small" className="video-live-side">
        <Space direction="vertical" align="center">
          {mayMove && <PtzPad onCommand={move} disabled={!current} />}
          <Button icon={<CameraOutlined />} disabled={!current} onClick={snap}>
            {t('video.snapshot')}
          </Button>
        </Space>
      </Card>
      <Modal open={!!snapshot} footer={null} onCancel={() => setSnapshot(null)} title={t('video.snapshot')}>
        {snapshot && <Image src={snapshot} alt={t('video.snapshot')} width="100%" />}
      </Modal>
    </div>
  )
}
