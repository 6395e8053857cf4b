import {
  MEETING_EDIT,
  MEETING_MACHINE_CONTROL,
  MEETING_SIGN,
  MEETING_SWITCH,
  meetingContract,
  meetingMachineContract,
  meetingRoomContract,
  meetingTemplateContract,
  SCENE_EXEC,
  sceneContract,
  sceneLinkageContract,
  sceneLogContract,
} from '@xpark/contract/modules/meeting'
import { button, defineModule, type MenuSeed, resourceScreen } from '../../core/module.js'
import { seedMeetingDemo } from './demo.js'
import { fireMeetingChangesLater, fireSchedules, linkageSubscriptions, logOf } from './linkage.js'
import { meetingRooms, meetings, meetingTemplates, sceneLogs } from './resources.js'
import { registerPeopleRoutes } from './routes/people.js'
import { registerRoomRoutes } from './routes/rooms.js'
import { registerSceneRoutes } from './routes/scenes.js'
import { registerSignRoutes } from './routes/sign.js'
import { meetingMachines, sceneLinkages, scenes } from './scenes.js'
import { advanceMeetings } from './schedule.js'
import * as tables from './schema.js'
import { signTerminalSubscriptions } from './sign-terminal.js'

export { advanceMeetings } from './schedule.js'

/**
 * Meetings (spec 02 §7 "Meetings and devices", issue 28): rooms and their door screens, templates,
 * meetings with their people, sign-in, meeting machines, scenes and their linkage, and the scene log.
 * See docs/modules/meeting.md.
 */

const MEETING_MENUS: MenuSeed[] = [
  {
    code: 'meeting',
    name: '会议管理',
    path: '/meeting',
    source: 'TeamOutlined',
    sort: 65,
    children: [
      resourceScreen(meetingRoomContract, '会议室', '/meeting/room', 'HomeOutlined'),
      {
        ...resourceScreen(meetingContract, '会议管理', '/meeting/list', 'CalendarOutlined', [
          button(MEETING_SWITCH, '切换会议', 2),
        ]),
        // the screen's own code (the section is `meeting`); its buttons keep the contract's codes
        code: 'meeting_list',
      },
      {
        code: 'meeting_sign_screen',
        name: '签到管理',
        path: '/meeting/sign',
        source: 'CheckSquareOutlined',
        children: [button(MEETING_SIGN, '签到', 2)],
      },
      resourceScreen(meetingTemplateContract, '会议模板', '/meeting/template', 'ProfileOutlined'),
      resourceScreen(meetingMachineContract, '会议设备', '/meeting/machine', 'DesktopOutlined', [
        button(MEETING_MACHINE_CONTROL, '控制', 2),
      ]),
      resourceScreen(sceneContract, '场景管理', '/meeting/scene', 'BulbOutlined', [
        button(SCENE_EXEC, '执行', 2),
      ]),
      resourceScreen(sceneLinkageContract, '场景联动', '/meeting/scene-linkage', 'NodeIndexOutlined'),
      resourceScreen(sceneLogContract, '场景日志', '/meeting/scene-log', 'FileTextOutlined'),
    ],
  },
]

export const meetingModule = defineModule({
  name: 'meeting',
  tables,
  resources: [meetingRooms, meetingTemplates, meetings, sceneLogs, meetingMachines, scenes, sceneLinkages],
  menus: MEETING_MENUS,
  product: {
    name: '会议管理',
    remark: '会议室、会议预约、参会人员、签到、会议模板、会议设备、场景与联动、场景日志',
  },
  // park staff look: no booking, change, sign-in, switch, end, control or scene run
  staff: (codes) =>
    codes.filter((c) => !/_(add|edit|delete|end|sign|switch|control|exec)$/.test(c) && c !== MEETING_EDIT),
  dicts: [
    {
      code: 'meeting_status',
      name: '会议状态',
      entries: [
        [1, '未开始'],
        [2, '进行中'],
        [3, '已结束'],
      ],
    },
    {
      code: 'meeting_room_status',
      name: '会议室状态',
      entries: [
        [0, '停用'],
        [1, '启用'],
      ],
    },
    {
      code: 'meeting_sign_method',
      name: '签到方式',
      entries: [
        [1, '人脸'],
        [2, '刷卡'],
        [3, '扫码'],
        [4, '手动'],
      ],
    },
    {
      code: 'meeting_sign_result',
      name: '签到结果',
      entries: [
        [1, '准时'],
        [2, '迟到'],
      ],
    },
    {
      code: 'scene_log_result',
      name: '场景执行结果',
      entries: [
        [1, '成功'],
        [0, '失败'],
        [2, '部分失败'],
      ],
    },
    {
      code: 'scene_trigger_type',
      name: '场景联动触发',
      entries: [
        [1, '会议开始'],
        [2, '会议结束'],
        [3, '定时'],
        [4, '设备事件'],
      ],
    },
  ],
  demo: seedMeetingDemo,
  jobs: [
    {
      name: 'meeting-clock',
      everySeconds: 30,
      run: async (ctx) => {
        // the scene linkages' meeting triggers fire once the clock's changes are committed
        const { changes } = await advanceMeetings(ctx.database.db)
        fireMeetingChangesLater(ctx, logOf(ctx), changes)
      },
    },
    {
      name: 'scene-schedule',
      everySeconds: 30,
      run: async (ctx) => void (await fireSchedules(ctx, logOf(ctx))),
    },
  ],
  subscriptions: (ctx) => [...linkageSubscriptions(ctx), ...signTerminalSubscriptions(ctx)],
  routes: async (api, ctx) => {
    registerSceneRoutes(api, ctx)
    registerPeopleRoutes(api, ctx)
    registerSignRoutes(api, ctx)
    registerRoomRoutes(api, ctx)
  },
})
