import { MESSAGE_EVENT, type MessageRow } from '@xpark/contract/modules/message'
import { inArray } from 'drizzle-orm'
import { formatDateTime } from '../../core/envelope.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { userChannel } from '../../core/realtime/index.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { message } from './schema.js'

/** What a module sends: to people of one tenant, a title, and optionally a text and a console link. */
export interface SendMessageInput {
  tenantId: string
  userIds: readonly string[]
  title: string
  content?: string
  /** the sending module's name (`duty`, `storage`…) */
  module?: string
  /** a console route (`/duty/person`) or an http(s) address */
  link?: string
  /** who sends it; absent: the system */
  sender?: { userId: string; name: string }
}

/** The parts of the module context sending needs (a job or a test can hand just these). */
export type SendContext = Pick<ModuleContext, 'database' | 'realtime'>

/** Give up waiting for the sender's transaction after this long (it rolled back, or hangs). */
const COMMIT_WAIT_MS = 30_000

/**
 * Send a message to people: one row per recipient, written with `dbOrTx` (inside the caller's
 * transaction when it is one: a rolled-back write sends nothing), then delivered on each recipient's
 * live stream once the rows are committed. Drizzle has no commit hook, so delivery waits until the
 * rows are visible outside the transaction (another connection on PostgreSQL; on PGlite a query
 * outside the transaction runs only after it ends). Returns the new message ids.
 */
export async function sendMessage(
  ctx: SendContext,
  dbOrTx: DbOrTx,
  input: SendMessageInput,
): Promise<string[]> {
  const recipients = [...new Set(input.userIds)]
  if (recipients.length === 0) return []
  const now = new Date()
  const rows = recipients.map((userId) => ({
    id: nextId(),
    tenantId: input.tenantId,
    userId,
    title: input.title,
    content: input.content ?? '',
    module: input.module ?? '',
    link: input.link ?? '',
    senderName: input.sender?.name ?? '',
    createUser: input.sender?.userId ?? null,
    createTime: now,
    updateUser: input.sender?.userId ?? null,
    updateTime: now,
    isRead: 0,
    isDeleted: 0,
  }))
  await dbOrTx.insert(message).values(rows)
  void deliverWhenCommitted(
    ctx,
    rows.map((r) => ({ ...r, createTime: formatDateTime(now) })),
  )
  return rows.map((r) => r.id)
}

type Pending = Omit<MessageRow, 'isRead' | 'senderId' | 'readTime'> & {
  tenantId: string
  userId: string
  createUser: string | null
}

async function visible(db: Db, ids: string[]): Promise<boolean> {
  const found = await db.select({ id: message.id }).from(message).where(inArray(message.id, ids))
  return found.length > 0
}

/** Wait for the rows to be committed (backing off), then publish each on its recipient's channel. */
async function deliverWhenCommitted(ctx: SendContext, rows: Pending[]): Promise<void> {
  const ids = rows.map((r) => r.id)
  const started = Date.now()
  let pause = 10
  try {
    while (!(await visible(ctx.database.db, ids))) {
      if (Date.now() - started > COMMIT_WAIT_MS) return
      await new Promise((r) => setTimeout(r, pause))
      pause = Math.min(pause * 2, 500)
    }
    await Promise.all(
      rows.map((r) => {
        const data: MessageRow = {
          id: r.id,
          title: r.title,
          content: r.content,
          isRead: 0,
          senderId: r.createUser,
          senderName: r.senderName,
          module: r.module,
          link: r.link,
          createTime: r.createTime,
          readTime: null,
        }
        return ctx.realtime.publish(userChannel(r.tenantId, r.userId), { event: MESSAGE_EVENT, data })
      }),
    )
  } catch {
    // the database closed (shutdown) or the bus is down: the rows are there, the badge catches up
    // at the next unread count
  }
}
