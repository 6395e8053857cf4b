import { MIN_REFRESH_SECONDS, type Widget } from '@xpark/contract/modules/screen'
import type { StatisticInfo } from '@xpark/contract/modules/statistics'
import { Button, Input, InputNumber, Select, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useScreenT } from './i18n'
import { clampRefresh, defaultParams } from './layout'

/** 组件设置: the selected widget's title, statistic (those its kind draws), parameters, refresh, camera. */
export function WidgetPanel({
  widget,
  catalog,
  onChange,
  onRemove,
}: {
  widget: Widget
  catalog: readonly StatisticInfo[]
  onChange: (w: Widget) => void
  onRemove: () => void
}) {
  const t = useScreenT()
  const statistics = catalog.filter((s) => s.kinds.includes(widget.kind))
  const statistic = catalog.find((s) => s.name === widget.statistic)
  const row = (label: string, control: ReactNode, key?: string) => (
    <div style={{ marginBottom: 12 }} key={key}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div>{control}</div>
    </div>
  )
  return (
    <div data-testid="screen-widget-panel">
      <Typography.Title level={5}>
        {t('screen.widget')}: {t(`screen.kind.${widget.kind}`)}
      </Typography.Title>
      {row(
        t('screen.title'),
        <Input
          value={widget.title}
          maxLength={32}
          onChange={(e) => onChange({ ...widget, title: e.target.value })}
          data-testid="screen-widget-title"
        />,
      )}
      {widget.kind === 'video'
        ? row(
            t('screen.machineId'),
            <Input
              value={widget.machineId ?? ''}
              maxLength={19}
              onChange={(e) => {
                const digits = e.target.value.replace(/\D/g, '')
                const { machineId: _, ...rest } = widget
                onChange(digits ? { ...rest, machineId: digits } : rest)
              }}
              data-testid="screen-widget-machine"
            />,
          )
        : row(
            t('screen.statistic'),
            <Select
              style={{ width: '100%' }}
              value={widget.statistic || undefined}
              options={statistics.map((s) => ({ value: s.name, label: s.title }))}
              onChange={(name: string) => {
                const chosen = catalog.find((s) => s.name === name)
                const before = catalog.find((s) => s.name === widget.statistic)
                // a title the widget took from its statistic follows the statistic; a typed one stays
                const typed = widget.title && widget.title !== before?.title
                onChange({
                  ...widget,
                  statistic: name,
                  params: defaultParams(chosen),
                  title: typed ? widget.title : (chosen?.title ?? ''),
                })
              }}
              data-testid="screen-widget-statistic"
            />,
          )}
      {widget.kind !== 'video' &&
        statistic?.params.map((p) =>
          row(
            p.label,
            p.choices ? (
              <Select
                key={p.name}
                style={{ width: '100%' }}
                value={widget.params[p.name]}
                options={p.choices}
                onChange={(value: string) =>
                  onChange({ ...widget, params: { ...widget.params, [p.name]: value } })
                }
                data-testid={`screen-widget-param-${p.name}`}
              />
            ) : (
              <Input
                key={p.name}
                value={widget.params[p.name] ?? ''}
                maxLength={64}
                onChange={(e) => {
                  const params = { ...widget.params, [p.name]: e.target.value }
                  if (!e.target.value) delete params[p.name]
                  onChange({ ...widget, params })
                }}
                data-testid={`screen-widget-param-${p.name}`}
              />
            ),
            p.name,
          ),
        )}
      {widget.kind !== 'video' &&
        row(
          t('screen.refresh'),
          <InputNumber
            min={MIN_REFRESH_SECONDS}
            max={3600}
            precision={0}
            value={widget.refresh}
            // antd brings a number out of range back within min and max when the field is left
            onChange={(value) => {
              if (typeof value === 'number') onChange({ ...widget, refresh: Math.round(value) })
            }}
            onBlur={() => onChange({ ...widget, refresh: clampRefresh(widget.refresh) })}
            data-testid="screen-widget-refresh"
          />,
        )}
      <Button danger onClick={onRemove} data-testid="screen-widget-remove">
        {t('screen.remove')}
      </Button>
    </div>
  )
}
