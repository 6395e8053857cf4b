import { MESSAGE_PUSH_PERMISSION } from '@xpark/contract/modules/message'
import { button, defineModule, menuCodes } from '../../core/module.js'
import { seedMessageDemo } from './demo.js'
import { messageRoutes } from './routes.js'
import * as tables from './schema.js'

export { message } from './schema.js'
export { type SendContext, type SendMessageInput, sendMessage } from './send.js'

/**
 * The message centre (spec 01 §7): a person's messages with their read state, delivered live on
 * the user's event stream; any module sends through `sendMessage` (inside its own transaction). See docs/modules/message.md.
 */

const MESSAGE_MENUS = [
  {
    code: 'message_center',
    name: '消息中心',
    path: '/message-center/index',
    source: 'MessageOutlined',
    sort: 90,
    children: [button(MESSAGE_PUSH_PERMISSION, '发送消息', 1)],
  },
]

export const messageModule = defineModule({
  name: 'message',
  tables,
  menus: MESSAGE_MENUS,
  product: { name: '消息中心', remark: '站内消息、未读提醒与实时推送' },
  // park staff read their messages; they do not send
  staff: menuCodes(MESSAGE_MENUS).filter((c) => !/_(add|edit|delete|push)$/.test(c)),
  demo: seedMessageDemo,
  routes: messageRoutes,
})
