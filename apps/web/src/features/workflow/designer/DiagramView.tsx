import { Alert, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/**
 * A process diagram, read-only (zoom with the wheel, move by dragging): the passed nodes and the
 * flows between them lit, the current nodes marked, deleted (hidden) nodes faded. bpmn-js loads with
 * the first diagram shown.
 */
export function DiagramView({
  xml,
  passed = [],
  current = [],
  height,
}: {
  xml: string
  passed?: readonly string[]
  current?: readonly string[]
  height?: number
}) {
  const tr = useTr()
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'shown' | string>('loading')
  const passedKey = passed.join(',')
  const currentKey = current.join(',')
  useEffect(() => {
    const element = container.current
    if (!element || !xml) return
    let viewer: { destroy(): void } | null = null
    let alive = true
    setState('loading')
    import('./modeler')
      .then(({ showDiagram }) =>
        showDiagram(element, xml, {
          passed: passedKey ? passedKey.split(',') : [],
          current: currentKey ? currentKey.split(',') : [],
        }),
      )
      .then((v) => {
        if (alive) {
          viewer = v
          setState('shown')
        } else v.destroy()
      })
      .catch((e: Error) => alive && setState(e.message))
    return () => {
      alive = false
      viewer?.destroy()
    }
  }, [xml, passedKey, currentKey])
  const failed = state !== 'loading' && state !== 'shown'
  return (
    <Spin spinning={state === 'loading' && Boolean(xml)}>
      {failed && <Alert type="error" showIcon message={tr('wfd.loadFailed', { reason: state })} />}
      <div
        className="xpark-diagram"
        ref={container}
        data-testid="wf-diagram"
        style={{ height: height ?? 420 }}
      />
    </Spin>
  )
}
