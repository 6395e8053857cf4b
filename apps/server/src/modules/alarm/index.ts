import {
  ALARM_INTAKE,
  alarmContract,
  alarmGroupContract,
  alarmRuleContract,
} from '@xpark/contract/modules/alarm'
import { button, defineModule, type MenuSeed, resourceScreen } from '../../core/module.js'
import { seedAlarmDemo } from './demo.js'
import { alarmSubscriptions, bindEngine, engineOf, OFFLINE_EVENT } from './engine.js'
import { ALARM_STATISTICS } from './figures.js'
import { alarmGroups, alarmRules, alarms } from './resources.js'
import { registerAlarmRoutes } from './routes/alarms.js'
import { registerSyncRoutes } from './routes/sync.js'
import * as tables from './schema.js'

export { engineOf } from './engine.js'
export { raiseAlarm } from './raise.js'
export { alarm } from './schema.js'

/**
 * Alarms (spec 02 §7 "Alarms (/park-manage/)", §4 close alarm; issue 29): rules on the machines'
 * readings and events, the groups they tell, and the alarm records (未处理 → 处理中 → 已关闭). See
 * docs/modules/alarm.md.
 */

const ALARM_MENUS: MenuSeed[] = [
  {
    code: 'alarm_manage',
    name: '告警管理',
    path: '/alarm',
    source: 'AlertOutlined',
    sort: 66,
    children: [
      resourceScreen(alarmRuleContract, '告警规则', '/alarm/rule', 'ControlOutlined'),
      resourceScreen(alarmGroupContract, '告警组', '/alarm/group', 'TeamOutlined'),
      resourceScreen(alarmContract, '告警记录', '/alarm/record', 'AlertOutlined', [
        button(ALARM_INTAKE, '告警接入', 1),
      ]),
    ],
  },
]

export const alarmModule = defineModule({
  name: 'alarm',
  tables,
  resources: [alarmGroups, alarmRules, alarms],
  menus: ALARM_MENUS,
  product: {
    name: '告警管理',
    remark: '告警规则、告警组、告警记录 (设备读数与事件、其他系统接入)、短信与消息通知',
  },
  // park staff only look (a view-only role): no rule or group changes, no claim, close, delete or intake
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|claim|close|intake)$/.test(c)),
  dicts: [
    {
      code: 'alarm_level',
      name: '告警级别',
      entries: [
        [1, '提示'],
        [2, '一般'],
        [3, '重要'],
        [4, '紧急'],
      ],
    },
    {
      code: 'alarm_status',
      name: '告警状态',
      entries: [
        [0, '未处理'],
        [1, '处理中'],
        [2, '已关闭'],
      ],
    },
    {
      code: 'alarm_rule_kind',
      name: '告警规则类型',
      entries: [
        [1, '指标阈值'],
        [2, '设备事件'],
      ],
    },
    {
      code: 'alarm_scope',
      name: '告警设备范围',
      entries: [
        [1, '按设备类型'],
        [2, '按位置'],
        [3, '指定设备'],
      ],
    },
    {
      code: 'alarm_event_type',
      name: '告警事件类型',
      entries: [
        ['forcedOpen', '强行开门'],
        [OFFLINE_EVENT, '设备离线'],
        ['smoke', '烟雾告警'],
      ],
    },
    {
      code: 'alarm_source',
      name: '告警来源',
      entries: [
        [1, '设备'],
        [2, '其他系统'],
      ],
    },
  ],
  demo: seedAlarmDemo,
  subscriptions: alarmSubscriptions,
  statistics: ALARM_STATISTICS,
  routes: async (api, ctx) => {
    const engine = engineOf(ctx)
    await engine.bind(api)
    bindEngine(engine)
    registerAlarmRoutes(api, engine)
    registerSyncRoutes(api, engine)
  },
})
