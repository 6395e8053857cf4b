import {
  latestMessagesCall,
  markReadCall,
  messagePageCall,
  messageStreamCall,
  pushMessageCall,
  removeMessagesCall,
  unreadCountCall,
} from '@xpark/contract/modules/message'
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { page } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { escapeLike, readPaging } from '../../core/query/index.js'
import { userChannel } from '../../core/realtime/index.js'
import { scoped } from '../../core/tenancy.js'
import { user } from '../identity/index.js'
import { message } from './schema.js'
import { sendMessage } from './send.js'

export const NO_RECIPIENTS = '接收人不存在'

/** The caller's own live messages, and nobody else's: every route below starts from this. */
const own = (auth: AuthContext, ...more: (SQL | undefined)[]) =>
  scoped(message, auth, eq(message.userId, auth.userId), ...more)

const columns = {
  id: message.id,
  title: message.title,
  content: message.content,
  isRead: message.isRead,
  senderId: message.createUser,
  senderName: message.senderName,
  module: message.module,
  link: message.link,
  createTime: message.createTime,
  readTime: message.readTime,
}

export async function messageRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  const filtersOf = (q: { isRead?: number; title?: string; module?: string }) => [
    q.isRead === undefined ? undefined : eq(message.isRead, q.isRead),
    q.title ? sql`${message.title} ilike ${`%${escapeLike(q.title)}%`}` : undefined,
    q.module ? eq(message.module, q.module) : undefined,
  ]

  handle(api, messagePageCall, async (query, request) => {
    const auth = authOf(request)
    const paging = readPaging(query)
    const rows = await db
      .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(message)
      .where(own(auth, ...filtersOf(query)))
      .orderBy(desc(message.id))
      .limit(paging.size)
      .offset(paging.offset)
    let total = rows[0]?.total ?? 0
    // a page past the end still says how many there are
    if (rows.length === 0 && paging.offset > 0)
      total = (
        await db
          .select({ n: count() })
          .from(message)
          .where(own(auth, ...filtersOf(query)))
      )[0]!.n
    return page(
      rows.map(({ total: _t, ...r }) => r),
      total,
      paging.current,
      paging.size,
    )
  })

  handle(api, latestMessagesCall, async ({ size, isRead }, request) => {
    const auth = authOf(request)
    return db
      .select(columns)
      .from(message)
      .where(own(auth, isRead === undefined ? undefined : eq(message.isRead, isRead)))
      .orderBy(desc(message.id))
      .limit(size)
  })

  handle(api, unreadCountCall, async (_, request) => {
    const auth = authOf(request)
    const [row] = await db
      .select({ n: count() })
      .from(message)
      .where(own(auth, eq(message.isRead, 0)))
    return row?.n ?? 0
  })

  handle(api, markReadCall, async ({ id: ids }, request) => {
    const auth = authOf(request)
    const now = new Date()
    await db
      .update(message)
      .set({ isRead: 1, readTime: now, updateTime: now, updateUser: auth.userId })
      .where(own(auth, inArray(message.id, ids), eq(message.isRead, 0)))
    return {}
  })

  handle(api, removeMessagesCall, async ({ ids }, request) => {
    const auth = authOf(request)
    await db
      .update(message)
      .set({ isDeleted: 1, updateTime: new Date(), updateUser: auth.userId })
      .where(own(auth, inArray(message.id, ids)))
    return new Answer({}, '删除成功')
  })

  handle(api, pushMessageCall, async (input, request) => {
    const auth = authOf(request)
    const ids = await db.transaction(async (tx) => {
      const people = await tx
        .select({ id: user.id })
        .from(user)
        .where(scoped(user, auth, inArray(user.id, input.userIds)))
      if (people.length !== new Set(input.userIds).size) throw badRequest(NO_RECIPIENTS)
      return sendMessage(ctx, tx, {
        tenantId: auth.tenantId,
        userIds: people.map((p) => p.id),
        title: input.title,
        content: input.content,
        module: input.module,
        link: input.link,
        sender: { userId: auth.userId, name: auth.userName },
      })
    })
    return new Answer({ count: ids.length, ids }, '发送成功')
  })

  // the signed-in user's live stream: what is sent to them, from any server process (core/realtime)
  handle(api, messageStreamCall, async (_, request, reply) => {
    const auth = authOf(request)
    // ends when the token does: the console reconnects with its refreshed token
    await ctx.realtime.stream(reply, {
      channels: [userChannel(auth.tenantId, auth.userId)],
      until: auth.exp * 1000,
    })
  })
}
