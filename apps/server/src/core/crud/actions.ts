import { type ActionContract, transitionFor } from '@xpark/contract/kit'
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
 * told the state no longer allows it (409), never silently overwrites it.
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
): Promise<void> {
  const a = r.contract.actions?.[name]
  if (!a) throw notFound(`没有此操作: ${name}`)
  const { id, ids, ...input } = params
  const wanted = [...new Set(a.target === 'ids' ? String(ids).split(',') : [String(id)])]
  const t = transitionFor(a, input)
  if (!t) throw badRequest(`参数校验失败: 不支持的操作参数 ${JSON.stringify(input).slice(0, 100)}`)
  const state = (getTableColumns(r.table) as Columns)[a.state]!
  const where = await whereOf(r, auth, inArray(r.idColumn, wanted))
  const server = r.actions?.[name]
  await db.transaction(async (tx) => {
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
  })
}
