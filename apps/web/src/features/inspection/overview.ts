import {
  type InspectionOverview,
  inspectionOverviewCall,
  inspectionRecordContract,
} from '@xpark/contract/modules/inspection'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

const LEVELS: Record<number, string> = { 1: '一般', 2: '重要', 3: '紧急' }

/** 巡检概览: today's records by state, completion, missed points, today's events by level, 7 days. */
const overview: DashboardDeclaration = {
  title: 'inspection.overview',
  url: inspectionOverviewCall.path,
  code: inspectionRecordContract.code,
  stats: [
    { key: 'completionRate', label: 'inspection.completionRate' },
    { key: 'missedPoints', label: 'inspection.missedPoints' },
    { key: 'abnormalRecords', label: 'inspection.abnormalRecords' },
  ],
  charts: [
    {
      title: 'inspection.byState',
      option: (data, tr) => {
        const today = (data as unknown as InspectionOverview).today
        const states: [string, number][] = [
          ['待开始', today.pending],
          ['进行中', today.running],
          ['已完成', today.done],
          ['已关闭', today.closed],
          ['已超时', today.overdue],
        ]
        return {
          tooltip: { trigger: 'item' },
          legend: { bottom: 0 },
          series: [
            {
              name: tr('inspection.byState'),
              type: 'pie',
              radius: ['40%', '65%'],
              data: states.map(([name, value]) => ({ name, value })),
            },
          ],
        }
      },
    },
    {
      title: 'inspection.trend',
      option: (data, tr) => {
        const days = (data as unknown as InspectionOverview).trend
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('inspection.total'), tr('inspection.done'), tr('inspection.overdue')] },
          xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [
            { name: tr('inspection.total'), type: 'line', data: days.map((d) => d.total) },
            { name: tr('inspection.done'), type: 'bar', data: days.map((d) => d.done) },
            { name: tr('inspection.overdue'), type: 'bar', data: days.map((d) => d.overdue) },
          ],
        }
      },
    },
    {
      title: 'inspection.eventsByLevel',
      option: (data, tr) => {
        const events = (data as unknown as InspectionOverview).events
        return {
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'category', data: events.map((e) => LEVELS[e.level] ?? String(e.level)) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ name: tr('inspection.eventsByLevel'), type: 'bar', data: events.map((e) => e.count) }],
        }
      },
    },
  ],
}

export default overview
