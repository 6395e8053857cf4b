import type { DashboardDeclaration } from '@/components/kit'
import './i18n'
import { MACHINE, panel } from './panels'

/** 报修分析 (/workflow/repair-analysis): the 设备报修 process's repairs by day, type, fault and machine. */
const dashboard: DashboardDeclaration = {
  title: 'analysis.repair',
  code: 'repair',
  month: true,
  filters: [MACHINE],
  panels: [
    panel('repairCountData', 'analysis.repairs', 'line'),
    panel('equipmentType', 'analysis.repairTypes', 'pie', { span: 12 }),
    panel('faultType', 'analysis.repairFaults', 'bar', { span: 12 }),
    panel('equipmentRepairType', 'analysis.repairTypeFaults', 'bar', { span: 12 }),
    panel('repairCodeSum', 'analysis.repairMachines', 'bar', { span: 12 }),
  ],
}
export default dashboard
