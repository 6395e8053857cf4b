import type { DashboardDeclaration } from '@/components/kit'
import './i18n'
import { AREA, MACHINE, panel } from './panels'

/** 环境能耗: the sensors' readings (temperature by default) and energy. */
const dashboard: DashboardDeclaration = {
  title: 'analysis.environment',
  code: 'machine',
  month: true,
  filters: [AREA, MACHINE],
  panels: [
    panel('getSensorHistory', 'analysis.sensorHistory', 'line', { params: { metric: 'temperature' } }),
    panel('queryKWH', 'analysis.kwh', 'bar'),
    panel('getSensorHistoryCount', 'analysis.sensorCount', 'pie', { span: 12 }),
    panel('querySensorUniversal', 'analysis.sensorByMachine', 'bar', { span: 12 }),
    panel('selectSensorList', 'analysis.sensorList', 'bar'),
  ],
}
export default dashboard
