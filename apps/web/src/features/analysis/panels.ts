import { ANALYSIS_CALLS, type AnalysisName, analysisCalls } from '@xpark/contract/modules/analysis'
import type { DashboardPanel } from '@/components/kit/Dashboard'

/** A panel of one analysis call: its series named by `analysis.s.<name>`. */
export function panel(
  name: AnalysisName,
  title: string,
  chart: DashboardPanel['chart'],
  extra: Partial<DashboardPanel> = {},
): DashboardPanel {
  const spec = ANALYSIS_CALLS[name]
  return {
    title,
    url: analysisCalls[name].path,
    chart,
    // what the labels are: days, areas, machine types… (`analysis.by.<by>`)
    labelName: `analysis.by.${spec.by}`,
    seriesNames: Object.fromEntries(spec.series.map((s) => [s, `analysis.s.${s}`])),
    ...extra,
  }
}

export const AREA = { name: 'area', label: 'analysis.area' }
export const MACHINE = { name: 'machineId', label: 'analysis.machine' }
export const PERSON = { name: 'personId', label: 'analysis.person' }
