import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { message } from './schema.js'

/**
 * The demo park's messages: a welcome message to each demo user (unread, linking to the message
 * centre), so the badge, the popover and the list show something.
 */
export async function seedMessageDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  if (!admin) return
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const welcome = [...users.values()].map((userId) =>
    stamped(message, auth, {
      id: nextId(),
      userId,
      title: '欢迎使用消息中心',
      content: '审批、告警和各模块的提醒会发到这里; 点击消息可打开相关页面。',
      module: 'message',
      link: '/message-center/index',
      // sent by the system
      createUser: null,
      updateUser: null,
    }),
  )
  if (welcome.length) await tx.insert(message).values(welcome as never)
}
