import {
  AUTO_COMPLETE_DAYS,
  ORDER,
  ORDER_KIND,
  ORDER_SOURCE,
  ORDER_TEXTS,
} from '@xpark/contract/modules/property'
import { and, eq, lte } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import {
  type ActionContext,
  type ActionOptions,
  assertReferences,
  type WriteContext,
} from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { stamped } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { assertCommunity } from './communities.js'
import { propertyAppraise, propertyClean, propertyOrderLog, propertyRepair } from './schema.js'

/**
 * The life of an order (repair or cleaning), beside the kit's transitions: what each move needs
 * (the worker, the result, the score) and writes (times, the appraisal, a line of its progress).
 * The kit has already locked the rows, checked the state, the dispatcher's code and the person.
 */

export type OrderTable = typeof propertyRepair | typeof propertyClean
type Kind = (typeof ORDER_KIND)[keyof typeof ORDER_KIND]

const PREFIX: Record<Kind, string> = { 1: 'BX', 2: 'BJ' }

const pad = (n: number) => String(n).padStart(2, '0')
/** `BX20250101` + the id's last six digits: readable, and unique enough with the index behind it. */
function orderNo(kind: Kind, now = new Date()) {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  return `${PREFIX[kind]}${day}${pad(now.getHours())}${pad(now.getMinutes())}${nextId().slice(-6)}`
}

/** A new order: its number and its reporter (the caller); on any write the community is checked. */
export function orderRules(kind: Kind) {
  return async ({ tx, auth, values, id }: WriteContext<Record<string, unknown>>) => {
    const v = values as Record<string, unknown>
    if ('communityId' in v) await assertCommunity(tx, auth, v.communityId)
    if (!id) {
      v.orderNo = orderNo(kind)
      v.reporterId = auth.userId
      v.status = ORDER.pending
      v.source ??= ORDER_SOURCE.console
    }
  }
}

const workerRef = { workerId: { to: user, message: '参数校验失败: workerId: 维修人员不存在' } }
const noScopes = new Map([['workerId', undefined]])

/** Each move's own needs, before it is written. */
async function guard({ tx, auth, input, to }: ActionContext) {
  if (to === ORDER.dispatched) {
    if (!input.workerId) throw badRequest(ORDER_TEXTS.workerRequired)
    // a user of the caller's tenant (users are no data-scoped resource here: any of the tenant's)
    await assertReferences(tx, auth, workerRef, { workerId: input.workerId }, noScopes)
  }
  if (to === ORDER.rating && !String(input.result ?? '').trim()) throw badRequest(ORDER_TEXTS.resultRequired)
  if (to === ORDER.done && input.score === undefined) throw badRequest(ORDER_TEXTS.scoreRequired)
}

/** What a move writes beside the state (the kit wrote the state already). */
function moved(table: OrderTable, kind: Kind) {
  return async ({ tx, auth, rows, input, to }: ActionContext) => {
    const now = new Date()
    const ids = rows.map((r) => String(r.id))
    const set: Record<string, unknown> =
      to === ORDER.dispatched
        ? { workerId: String(input.workerId), dispatchTime: now }
        : to === ORDER.working
          ? { acceptTime: now }
          : to === ORDER.rating
            ? { result: String(input.result).trim(), resultPhotos: input.resultPhotos ?? '', finishTime: now }
            : to === ORDER.done
              ? { completeTime: now }
              : { cancelReason: String(input.reason ?? '') }
    for (const id of ids)
      await tx
        .update(table)
        .set(set as never)
        .where(and(eq(table.tenantId, auth.tenantId), eq(table.id, id)))
    if (to === ORDER.done)
      for (const row of rows)
        await tx.insert(propertyAppraise).values(
          stamped(propertyAppraise, auth, {
            kind,
            orderId: String(row.id),
            communityId: String(row.communityId),
            workerId: (row.workerId as string | null) ?? null,
            reporterId: String(row.reporterId),
            score: Number(input.score),
            content: String(input.appraise ?? ''),
          }) as never,
        )
    for (const row of rows)
      await logMove(tx, auth, kind, String(row.id), Number(row.status), Number(to), remarkOf(input, to))
  }
}

function remarkOf(input: Record<string, unknown>, to: unknown): string {
  const text = to === ORDER.rating ? input.result : to === ORDER.done ? input.appraise : input.reason
  return String(text ?? '').slice(0, 255)
}

export async function logMove(
  tx: Tx,
  auth: Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>,
  kind: Kind,
  orderId: string,
  fromStatus: number,
  toStatus: number,
  remark: string,
  userId: string | null = auth.userId,
) {
  await tx
    .insert(propertyOrderLog)
    .values(stamped(propertyOrderLog, auth, { kind, orderId, fromStatus, toStatus, userId, remark }) as never)
}

export const orderActions = (table: OrderTable, kind: Kind): ActionOptions => ({
  guard,
  run: moved(table, kind),
})

/**
 * Orders waiting for their appraisal longer than 7 days are completed unrated. The update claims
 * them (status 4 → 5 in one statement), so a second run, or a second node, finds none of them.
 */
export async function completeUnrated(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 86_400_000)
  let done = 0
  for (const [table, kind] of [
    [propertyRepair, ORDER_KIND.repair],
    [propertyClean, ORDER_KIND.clean],
  ] as const) {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(table)
        .set({ status: ORDER.done, completeTime: now, updateTime: now })
        .where(and(eq(table.isDeleted, 0), eq(table.status, ORDER.rating), lte(table.finishTime, before)))
        .returning({ id: table.id, tenantId: table.tenantId })
      for (const r of rows)
        await logMove(
          tx,
          { tenantId: r.tenantId, userId: '0', deptIds: [] },
          kind,
          r.id,
          ORDER.rating,
          ORDER.done,
          `${AUTO_COMPLETE_DAYS}天未评价, 自动完成`,
          null,
        )
      done += rows.length
    })
  }
  return done
}
