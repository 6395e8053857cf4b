import type { DashboardDeclaration } from '@/components/kit'
import './i18n'
import { AREA, panel } from './panels'

/** 运营分析: alarms, repair orders, machines, attendance punches. */
const dashboard: DashboardDeclaration = {
  title: 'analysis.operation',
  code: 'alarm',
  month: true,
  filters: [AREA],
  panels: [
    panel('alarmAnalysis', 'analysis.alarms', 'line'),
    panel('queryAlarm', 'analysis.alarmLevels', 'pie', { span: 12 }),
    panel('machineManageList', 'analysis.machines', 'bar', { span: 12 }),
    panel('propertyService', 'analysis.service', 'bar', { span: 12 }),
    panel('queryClockRecord', 'analysis.punches', 'line', { span: 12 }),
  ],
}
export default dashboard
