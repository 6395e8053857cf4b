import type { DashboardDeclaration } from '@/components/kit'
import './i18n'
import { AREA, panel } from './panels'

/** 访客分析: visits by day, arrivals, states and areas. */
const dashboard: DashboardDeclaration = {
  title: 'analysis.visit',
  code: 'visitor',
  month: true,
  filters: [AREA],
  panels: [
    panel('queryVisit', 'analysis.byDay', 'line'),
    panel('getDailyVisitCount', 'analysis.arrivals', 'bar', { span: 12 }),
    panel('getVisitCount', 'analysis.byStatus', 'pie', { span: 12 }),
    panel('visitors', 'analysis.byArea', 'bar'),
  ],
}
export default dashboard
