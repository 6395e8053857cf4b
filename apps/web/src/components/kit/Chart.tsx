import { Alert } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import { useEffect, useRef, useState } from 'react'
import { useTr } from '@/components/crud/i18n'

/** One ECharts chart: initialised on mount, redrawn on a new option, resized with its box, disposed on unmount. */
export function Chart({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption
  height?: number
  testId?: string
}) {
  const tr = useTr()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<{
    setOption: (o: EChartsCoreOption, notMerge?: boolean) => void
    resize: () => void
    dispose: () => void
  } | null>(null)
  const [failed, setFailed] = useState(false)
  // the option the chart starts with once ECharts has loaded (later ones are set by the effect below)
  const latest = useRef(option)
  latest.current = option

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | undefined
    import('./echarts')
      .then(({ echarts }) => {
        if (disposed || !box.current) return
        chart.current = echarts.init(box.current)
        chart.current.setOption(latest.current, true)
        observer = new ResizeObserver(() => chart.current?.resize())
        observer.observe(box.current)
      })
      .catch(() => setFailed(true))
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, true)
  }, [option])

  if (failed) return <Alert type="warning" showIcon title={tr('kit.chartFailed')} />
  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />
}
