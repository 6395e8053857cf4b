import type { ScreenLayout, Widget } from '@xpark/contract/modules/screen'

/**
 * The built-in walls as they start: /wel/screen (`general`: alarms today, visitors, parking
 * occupancy, device online rate, energy, work orders) and /wel/assetsscreen (`assets`: assets by
 * type and value, depreciation, warehouse stock value). A park edits and republishes them like any
 * screen; a tenant that has not saved one sees these.
 */

type Place = Pick<Widget, 'x' | 'y' | 'w' | 'h'>
const widget = (
  id: string,
  kind: Widget['kind'],
  title: string,
  statistic: string,
  place: Place,
  params: Record<string, string> = {},
  refresh = 30,
): Widget => ({ id, kind, title, statistic, params, refresh, ...place })

export const BUILTIN_LAYOUTS: Record<'general' | 'assets', { name: string; layout: ScreenLayout }> = {
  general: {
    name: '综合大屏',
    layout: {
      background: '#0b1a33',
      widgets: [
        widget('alarms', 'number', '今日告警', 'alarm.today', { x: 0, y: 0, w: 6, h: 5 }, {}, 10),
        widget('visitors', 'number', '今日访客', 'visitor.today', { x: 6, y: 0, w: 6, h: 5 }),
        widget('parking', 'gauge', '车位占用', 'parking.occupancy', { x: 12, y: 0, w: 6, h: 8 }),
        widget('online', 'gauge', '设备在线率', 'device.online', { x: 18, y: 0, w: 6, h: 8 }),
        widget('ticker', 'ticker', '实时告警', 'alarm.recent', { x: 0, y: 5, w: 12, h: 10 }, {}, 10),
        widget('energy', 'bar', '能耗 (kWh)', 'analysis.energy', { x: 12, y: 8, w: 12, h: 9 }, { days: '7' }),
        widget('alarmDays', 'line', '告警趋势', 'alarm.byDay', { x: 0, y: 15, w: 12, h: 12 }, { days: '14' }),
        widget('orders', 'bar', '工单', 'property.workOrders', { x: 12, y: 17, w: 12, h: 10 }, { days: '7' }),
      ],
    },
  },
  assets: {
    name: '资产大屏',
    layout: {
      background: '#0b1a33',
      widgets: [
        widget('value', 'number', '资产原值', 'asset.value', { x: 0, y: 0, w: 8, h: 5 }, {}, 60),
        widget('stock', 'number', '库存金额', 'storage.stockValue', { x: 8, y: 0, w: 8, h: 5 }, {}, 60),
        widget('types', 'pie', '资产类型', 'asset.byType', { x: 16, y: 0, w: 8, h: 13 }, {}, 60),
        widget('depreciation', 'bar', '折旧', 'asset.depreciation', { x: 0, y: 5, w: 16, h: 11 }, {}, 60),
        widget(
          'warehouses',
          'bar',
          '仓库库存金额',
          'storage.stockValue',
          { x: 0, y: 16, w: 16, h: 11 },
          {},
          60,
        ),
        widget('typeRank', 'ranking', '资产类型排行', 'asset.byType', { x: 16, y: 13, w: 8, h: 14 }, {}, 60),
      ],
    },
  },
}
