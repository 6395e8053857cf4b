import { MESSAGE_PUSH_PERMISSION, sceneLogContract } from '@xpark/contract/modules/message'
import { defineResource } from '../../core/crud/index.js'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { seedMessageDemo } from './demo.js'
import { messageRoutes } from './routes.js'
import * as tables from './schema.js'

export { message } from './schema.js'
export { type SendContext, type SendMessageInput, sendMessage } from './send.js'

/**
 * The message centre (spec 01 §7): a person's messages with their read state, delivered live on
 * the user's event stream; any module sends through `sendMessage` (inside its own transaction).
 * Also the scene log (`park-meeting/scene/log`). See docs/modules/message.md.
 */

export const sceneLogs = defineResource({
  contract: sceneLogContract,
  table: tables.sceneLog,
  // the meeting module's scenes (issue 28) become its target; until then a log names the scene as sent
  references: { sceneId: false },
})

const MESSAGE_MENUS = [
  {
    code: 'message_center',
    name: '消息中心',
    path: '/message-center/index',
    source: 'MessageOutlined',
    sort: 90,
    children: [button(MESSAGE_PUSH_PERMISSION, '发送消息', 1)],
  },
  { ...resourceScreen(sceneLogContract, '场景日志', '/meeting/scene-log', 'FileTextOutlined'), sort: 91 },
]

export const messageModule = defineModule({
  name: 'message',
  tables,
  resources: [sceneLogs],
  menus: MESSAGE_MENUS,
  product: { name: '消息中心', remark: '站内消息、未读提醒、实时推送与场景日志' },
  // park staff read their messages and the scene log; they neither send nor change
  staff: menuCodes(MESSAGE_MENUS).filter((c) => !/_(add|edit|delete|push)$/.test(c)),
  demo: seedMessageDemo,
  routes: messageRoutes,
})
