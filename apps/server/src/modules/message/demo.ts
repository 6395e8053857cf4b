import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { message, sceneLog } from './schema.js'

/**
 * The demo park's messages and scene log: a welcome message to each demo user (unread, linking to
 * the message centre) and a few scene runs, so the badge, the popover and both lists show something.
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
  const runs: [string, number, string][] = [
    ['会议开始', 1, '灯光开启, 投影开启, 空调 26℃'],
    ['会议结束', 1, '灯光关闭, 投影关闭'],
    ['会议开始', 0, '投影未响应'],
  ]
  await tx
    .insert(sceneLog)
    .values(
      runs.map(([sceneName, result, content]) =>
        stamped(sceneLog, auth, { sceneName, result, content }),
      ) as never,
    )
}
