import { ANALYSIS_VIEWS } from '@xpark/contract/modules/analysis'
import { button, defineModule, type MenuSeed } from '../../core/module.js'
import {
  alarmDays,
  machineDays,
  markChanged,
  markRecent,
  passDays,
  sensorDays,
  serviceDays,
} from './aggregates.js'
import { markRecentRepairs, markRepairs, repairDays } from './repairs.js'
import { registerAnalysisRoutes } from './routes/analysis.js'
import { registerRepairRoutes } from './routes/repair.js'
import * as tables from './schema.js'
import { sensorSubscriptions } from './sensors.js'
import { ANALYSIS_STATISTICS } from './statistics.js'

/**
 * Park analysis (spec 02 §7 "Visitors, faces and analysis", `/park-analysis/…`, issue 30): four
 * dashboards whose every call is a chart and a table read from daily aggregates kept by jobs — the
 * visitor module's (visits, face and door records) and this module's (sensors, alarms, property
 * orders, machines, parking's passes). See docs/modules/visitor.md "Analysis".
 */

export { alarmDays, machineDays, passDays, sensorDays, serviceDays } from './aggregates.js'
export { markRepairs, repairDays } from './repairs.js'

const dashboard = (
  key: keyof typeof ANALYSIS_VIEWS,
  name: string,
  source: string,
  path = `/analysis/${key}`,
): MenuSeed => ({
  code: `analysis_${key}`,
  name,
  path,
  source,
  children: [button(ANALYSIS_VIEWS[key], '查看', 1)],
})

const ANALYSIS_MENUS: MenuSeed[] = [
  {
    code: 'park_analysis',
    name: '园区分析',
    path: '/analysis',
    source: 'AreaChartOutlined',
    sort: 70,
    children: [
      dashboard('visit', '访客分析', 'TeamOutlined'),
      dashboard('pass', '通行分析', 'SwapOutlined'),
      dashboard('environment', '环境能耗', 'ThunderboltOutlined'),
      dashboard('operation', '运营分析', 'FundOutlined'),
      // the spec's route for it is the workflow's (the 设备报修 process's figures)
      dashboard('repair', '报修分析', 'ToolOutlined', '/workflow/repair-analysis'),
    ],
  },
]

export const analysisModule = defineModule({
  name: 'analysis',
  tables,
  menus: ANALYSIS_MENUS,
  product: { name: '园区分析', remark: '访客分析、通行分析、环境能耗、运营分析 (按日汇总)' },
  staff: (codes) => codes,
  subscriptions: sensorSubscriptions,
  statistics: ANALYSIS_STATISTICS,
  jobs: [
    sensorDays.job,
    alarmDays.job,
    serviceDays.job,
    machineDays.job,
    passDays.job,
    repairDays.job,
    { name: 'analysis-marks', everySeconds: 60, run: async (ctx) => markChanged(ctx.database.db) },
    { name: 'repair-marks', everySeconds: 60, run: async (ctx) => markRepairs(ctx.database.db) },
  ],
  routes: async (api, ctx) => {
    registerAnalysisRoutes(api, ctx)
    registerRepairRoutes(api, ctx)
    // the days before this process (a new database's demo, a restart after a while) are marked once
    api.addHook('onReady', async () => {
      const first = setTimeout(() => {
        // the marks job would catch up on what these miss: a failure is told, not fatal
        const told = (error: unknown) => api.log.warn({ err: error }, 'analysis: recent days not marked')
        void markRecent(ctx.database.db).catch(told)
        void markRecentRepairs(ctx.database.db).catch(told)
      }, 3_000)
      first.unref()
    })
  },
})
