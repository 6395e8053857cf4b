import { type ActionContract, NOT_YOURS, takesTransition, transitionFor } from '@xpark/contract/kit'
import { and, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError, badRequest, notFound } from '../errors.js'
import { isId } from '../ids.js'
import { touched } from '../tenancy.js'
import type { Resource } from './resource.js'
import { rowSelection, whereOf } from './rows.js'

/**
 * Named state transitions (`changeStatus`, `checkStorageBill`, `closeAlarm`): legal only from the
 * declared states, with the guard and the side effects in the same transaction as the move. The rows
 * are locked first, so of two concurrent moves of one row the second sees the first's result and is
 * told the state no longer allows it (409), never silently overwrites it. A transition with `by` is
 * taken only by the person its row names (403 for anyone else, the state checked first); one with
 * its own `permission` only by holders of that code too (403 before anything is read).
 */

type Columns = Record<string, PgColumn>

export const STATE_CONFLICT = '当前状态不允许此操作'
const MAX_IDS = 1000

const idText = z.string().refine(isId, 'must be a 64-bit id')
const idsText = z
  .string()
  .refine((s) => s.split(',').length <= MAX_IDS && s.split(',').every(isId), 'must be comma-separated ids')

/** The parameters of an action: the id(s) and its declared input, from the query or a JSON body. */
export function actionSchema(a: ActionContract): z.ZodObject {
  const target = a.target === 'ids' ? { ids: idsText } : { id: idText }
  return (a.input ?? z.object({})).extend(target)
}

export async function runAction(
  db: Db,
  r: Resource,
  auth: AuthContext,
  name: string,
  params: Record<string, unknown>,
  /** does the caller hold this button code (a transition's own `permission`)? */
  holds: (code: string) => Promise<boolean> = async () => false,
): Promise<void> {
  const a = r.contract.actions?.[name]
  if (!a) throw notFound(`没有此操作: ${name}`)
  const { id, ids, ...input } = params
  const wanted = [...new Set(a.target === 'ids' ? String(ids).split(',') : [String(id)])]
  const t = transitionFor(a, input)
  if (!t) throw badRequest(`参数校验失败: 不支持的操作参数 ${JSON.stringify(input).slice(0, 100)}`)
  if (t.permission && !(await holds(t.permission))) throw new AppError(403, `缺少权限: ${t.permission}`)
  const state = (getTableColumns(r.table) as Columns)[a.state]!
  const where = await whereOf(r, auth, inArray(r.idColumn, wanted))
  const server = r.actions?.[name]
  const moved = await db.transaction(async (tx) => {
    const rows = (await tx.select(rowSelection(r)).from(r.table).where(where).for('update')) as Record<
      string,
      unknown
    >[]
    if (rows.length !== wanted.length) throw notFound('数据不存在')
    const allowed = new Set(t.from.map(String))
    const stuck = rows.find((row) => !allowed.has(String(row[a.state])))
    if (stuck) {
      const label = stuck[r.contract.label]
      throw new AppError(409, label ? `${STATE_CONFLICT}: ${String(label).slice(0, 60)}` : STATE_CONFLICT)
    }
    if (rows.some((row) => !takesTransition(t, row, auth.userId)))
      throw new AppError(403, t.by?.refusal ?? NOT_YOURS)
    const ctx = { tx, auth, rows, input, from: t.from, to: t.to }
    await server?.guard?.(ctx)
    await tx
      .update(r.table)
      .set(touched(r.table, auth, { [a.state]: t.to }) as never)
      .where(
        and(
          inArray(r.idColumn, wanted),
          inArray(
            state,
            t.from.map((v) => v as never),
          ),
        ),
      )
    await server?.run?.(ctx)
    return { auth, rows, input, from: t.from, to: t.to }
  })
  await server?.after?.(moved)
}
