import {
  type DeviceDashboardReply,
  deviceDashboardCall,
  machineContract,
} from '@xpark/contract/modules/device'
import type { z } from 'zod'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

type Figures = z.infer<typeof DeviceDashboardReply>

const TYPE_NAMES: Record<number, string> = {
  1: '门禁',
  2: '摄像头',
  3: '人脸终端',
  4: '会议屏',
  5: '灯光',
  6: '空调',
  7: '传感器',
  8: '考勤机',
  9: '道闸',
}

/** 设备看板: machines online by type, the last week's commands by result, grants waiting. */
const dashboard: DashboardDeclaration = {
  title: 'device.dashboard',
  url: deviceDashboardCall.path,
  code: machineContract.code,
  stats: [
    { key: 'total', label: 'device.total' },
    { key: 'online', label: 'device.onlineCount' },
    { key: 'grantsPending', label: 'device.grantsPending' },
    { key: 'grantsFailed', label: 'device.grantsFailed' },
  ],
  charts: [
    {
      title: 'device.byType',
      option: (data, tr) => {
        const rows = (data as unknown as Figures).byType
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('device.onlineCount'), tr('device.offlineCount')] },
          xAxis: { type: 'category', data: rows.map((r) => TYPE_NAMES[r.type] ?? String(r.type)) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [
            { name: tr('device.onlineCount'), type: 'bar', stack: 'all', data: rows.map((r) => r.online) },
            {
              name: tr('device.offlineCount'),
              type: 'bar',
              stack: 'all',
              data: rows.map((r) => r.total - r.online),
            },
          ],
        }
      },
    },
    {
      title: 'device.commands7',
      option: (data, tr) => {
        const days = (data as unknown as Figures).commands
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('device.succeeded'), tr('device.failed'), tr('device.timedOut')] },
          xAxis: { type: 'category', data: days.map((d) => d.day) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [
            { name: tr('device.succeeded'), type: 'bar', stack: 'c', data: days.map((d) => d.succeeded) },
            { name: tr('device.failed'), type: 'bar', stack: 'c', data: days.map((d) => d.failed) },
            { name: tr('device.timedOut'), type: 'bar', stack: 'c', data: days.map((d) => d.timedOut) },
          ],
        }
      },
    },
  ],
}

export default dashboard
