import {
  MESSAGE_PUSH_PERMISSION,
  MessagePushInput,
  MESSAGE_PATHS as P,
  readState,
} from '@xpark/contract/modules/message'
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { SIGNED_IN } from '../../core/auth/route-permissions.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { ok, page, success } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { escapeLike, readPaging } from '../../core/query/index.js'
import { userChannel } from '../../core/realtime/index.js'
import { scoped } from '../../core/tenancy.js'
import { user } from '../identity/index.js'
import { message } from './schema.js'
import { sendMessage } from './send.js'

const tags = ['center-web-message']
const signedIn = { permission: SIGNED_IN }

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

/** `1,2,3` or ['1','2'] → ids; anything else is a 400 naming the parameter. */
function idsOf(raw: unknown, name: string): string[] {
  const list = (Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0 || list.length > 1000 || list.some((id) => !/^[1-9]\d{0,18}$/.test(id)))
    throw badRequest(`参数校验失败: ${name}: must be ids separated by commas`)
  return list
}

/** Parameters come from the query or a JSON/form body (BladeX clients send either). */
const paramsOf = (request: { query: unknown; body: unknown }): Record<string, unknown> => ({
  ...(request.query && typeof request.query === 'object' ? request.query : {}),
  ...(request.body && typeof request.body === 'object' ? request.body : {}),
})

const listQuery = z
  .object({
    isRead: readState,
    title: z.string().max(100).optional(),
    module: z.string().max(32).optional(),
    current: z.string().optional(),
    size: z.string().optional(),
  })
  .loose()

export async function messageRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  const filtersOf = (q: z.infer<typeof listQuery>) => [
    q.isRead === undefined ? undefined : eq(message.isRead, q.isRead),
    q.title ? sql`${message.title} ilike ${`%${escapeLike(q.title)}%`}` : undefined,
    q.module ? eq(message.module, q.module) : undefined,
  ]

  api.get(
    `/${P.list}`,
    {
      schema: {
        tags,
        summary: "a page of the caller's messages, newest first (isRead 0/1, title, module)",
        querystring: listQuery,
      },
      config: signedIn,
    },
    async (request) => {
      const auth = authOf(request)
      const paging = readPaging(request.query)
      const rows = await db
        .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(message)
        .where(own(auth, ...filtersOf(request.query)))
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
            .where(own(auth, ...filtersOf(request.query)))
        )[0]!.n
      return ok(
        page(
          rows.map(({ total: _t, ...r }) => r),
          total,
          paging.current,
          paging.size,
        ),
      )
    },
  )

  api.get(
    `/${P.centerList}`,
    {
      schema: {
        tags,
        summary: "the caller's latest messages (the top-bar popover): size (default 10, at most 50), isRead",
        querystring: z.object({
          size: z.coerce.number().int().min(1).max(50).default(10),
          isRead: readState,
        }),
      },
      config: signedIn,
    },
    async (request) => {
      const auth = authOf(request)
      const { size, isRead } = request.query
      return ok(
        await db
          .select(columns)
          .from(message)
          .where(own(auth, isRead === undefined ? undefined : eq(message.isRead, isRead)))
          .orderBy(desc(message.id))
          .limit(size),
      )
    },
  )

  api.get(
    `/${P.unreadCount}`,
    { schema: { tags, summary: "how many of the caller's messages are unread" }, config: signedIn },
    async (request) => {
      const auth = authOf(request)
      const [row] = await db
        .select({ n: count() })
        .from(message)
        .where(own(auth, eq(message.isRead, 0)))
      return ok(row?.n ?? 0)
    },
  )

  api.post(
    `/${P.setRead}`,
    {
      schema: {
        tags,
        summary: "mark the caller's message(s) id (comma-separated) read; another person's are left alone",
      },
      config: signedIn,
    },
    async (request) => {
      const auth = authOf(request)
      const ids = idsOf(paramsOf(request).id, 'id')
      const now = new Date()
      await db
        .update(message)
        .set({ isRead: 1, readTime: now, updateTime: now, updateUser: auth.userId })
        .where(own(auth, inArray(message.id, ids), eq(message.isRead, 0)))
      return success()
    },
  )

  api.delete(
    `/${P.delete}`,
    {
      schema: {
        tags,
        summary: "remove the caller's message(s) ids (comma-separated); another person's stay",
      },
      config: signedIn,
    },
    async (request) => {
      const auth = authOf(request)
      const params = paramsOf(request)
      const ids = idsOf(params.ids ?? params.id, 'ids')
      await db
        .update(message)
        .set({ isDeleted: 1, updateTime: new Date(), updateUser: auth.userId })
        .where(own(auth, inArray(message.id, ids)))
      return success('删除成功')
    },
  )

  api.post(
    `/${P.autoPush}`,
    {
      schema: {
        tags,
        summary: 'send a message to people of the tenant: userIds, title, content, module, link',
      },
      config: { permission: MESSAGE_PUSH_PERMISSION },
    },
    async (request) => {
      const auth = authOf(request)
      const parsed = MessagePushInput.safeParse(paramsOf(request))
      if (!parsed.success)
        throw badRequest(
          `参数校验失败: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`,
        )
      const input = parsed.data
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
      return ok({ count: ids.length, ids }, '发送成功')
    },
  )

  // the signed-in user's live stream: what is sent to them, from any server process (core/realtime)
  api.get(
    `/${P.stream}`,
    {
      // hidden from the OpenAPI document: a stream never ends (tools that call every GET would wait)
      schema: { tags, summary: 'server-sent events: `message` for each new message', hide: true },
      config: signedIn,
    },
    async (request, reply) => {
      const auth = authOf(request)
      // ends when the token does: the console reconnects with its refreshed token
      await ctx.realtime.stream(reply, {
        channels: [userChannel(auth.tenantId, auth.userId)],
        until: auth.exp * 1000,
      })
    },
  )
}
