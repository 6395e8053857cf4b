import {
  DownOutlined,
  LeftOutlined,
  RightOutlined,
  UpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons'
import { Button } from 'antd'
import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { useVideoT } from './i18n'
import './video.css'

export type PtzCommand = 'up' | 'down' | 'left' | 'right' | 'zoomin' | 'zoomout'

export interface PtzPadProps {
  /** a move when a button is pressed (or a key goes down), `stop` when it is released */
  onCommand: (command: PtzCommand | 'stop') => void
  disabled?: boolean
}

const KEYS: Record<string, PtzCommand> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  '+': 'zoomin',
  '=': 'zoomin',
  '-': 'zoomout',
}

const LAYOUT: (PtzCommand | null)[] = ['zoomin', 'up', 'zoomout', 'left', null, 'right', null, 'down', null]
const ICONS: Record<PtzCommand, ReactNode> = {
  up: <UpOutlined />,
  down: <DownOutlined />,
  left: <LeftOutlined />,
  right: <RightOutlined />,
  zoomin: <ZoomInOutlined />,
  zoomout: <ZoomOutOutlined />,
}

/**
 * The pan/tilt/zoom pad: holding a button (or an arrow key, + and - for zoom, while the pad has the
 * focus) moves the camera, letting go stops it. One command per press, however long it is held
 * (key repeats are not sent again): the server allows 10 commands a second.
 */
export function PtzPad({ onCommand, disabled }: PtzPadProps) {
  const t = useVideoT()
  const active = useRef<PtzCommand | null>(null)
  const press = (command: PtzCommand) => {
    if (disabled || active.current) return
    active.current = command
    onCommand(command)
  }
  const release = () => {
    if (!active.current) return
    active.current = null
    onCommand('stop')
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const command = KEYS[e.key]
    if (!command) return
    e.preventDefault()
    if (!e.repeat) press(command)
  }
  const onKeyUp = (e: KeyboardEvent) => {
    if (KEYS[e.key] && KEYS[e.key] === active.current) release()
  }
  return (
    <div
      className="xpark-ptz"
      role="toolbar"
      aria-label={t('video.ptz')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: one tab stop that takes the arrow keys (the buttons are for the pointer)
      tabIndex={0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={release}
      data-testid="ptz-pad"
    >
      {LAYOUT.map((command, i) =>
        command ? (
          <Button
            key={command}
            icon={ICONS[command]}
            aria-label={t(`video.ptz.${command}`)}
            title={t(`video.ptz.${command}`)}
            disabled={disabled}
            tabIndex={-1}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture?.(e.pointerId)
              press(command)
            }}
            onPointerUp={release}
            onPointerCancel={release}
            onLostPointerCapture={release}
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed layout cells
          <span key={i} />
        ),
      )}
    </div>
  )
}
