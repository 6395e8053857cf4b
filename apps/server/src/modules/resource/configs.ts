import { CONFIG_STATUS, type ossEnableCall } from '@xpark/contract/schemas'
import { and, eq, ne } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { authOf } from '../../core/auth/plugin.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { scoped, touched } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'

/** What OSS and SMS configurations share: a code unique in the tenant, write-only secrets, one enabled. */

interface ConfigTable {
  table: PgTable
  id: PgColumn
  code: PgColumn
  status: PgColumn
}

/** The tenant's live rows, other than `id`, that already use `code`. */
export async function assertCodeFree(
  tx: Tx,
  t: ConfigTable,
  auth: { tenantId: string },
  code: string | undefined,
  id: string | undefined,
  message: string,
): Promise<void> {
  if (code === undefined) return
  const [clash] = await tx
    .select({ id: t.id })
    .from(t.table)
    .where(scoped(t.table, auth, eq(t.code, code), id ? ne(t.id, id) : undefined))
    .limit(1)
  if (clash) throw badRequest(`${message}: ${code}`)
}

/**
 * Write-only secrets: a blank or absent one on update keeps what is stored (the form cannot show
 * it); on insert a blank one is stored as null.
 */
export function keepBlankSecrets(
  values: Record<string, unknown>,
  names: readonly string[],
  id?: string,
): void {
  for (const name of names) {
    const value = values[name]
    if (value === undefined || value === '') {
      if (id) delete values[name]
      else values[name] = null
    }
  }
}

/** The stored row merged with the fields about to be written (for rules across fields). */
export async function mergedRow<T extends Record<string, unknown>>(
  tx: Tx,
  t: ConfigTable,
  values: Record<string, unknown>,
  id: string | undefined,
): Promise<T> {
  if (!id) return values as T
  const [stored] = await tx.select().from(t.table).where(eq(t.id, id))
  return { ...(stored as Record<string, unknown>), ...values } as T
}

/**
 * `POST <base>/enable?id=`: the row becomes the tenant's only enabled configuration (status 2),
 * every other one disabled (1), in one transaction. A row of another tenant is not found.
 */
export function registerEnable(api: Api, db: Db, call: typeof ossEnableCall, t: ConfigTable): void {
  handle(api, call, async ({ id }, request) => {
    const auth = authOf(request)
    await db.transaction(async (tx) => {
      // lock every configuration of the tenant, not only this one: two enables of different rows
      // at once then run one after the other instead of racing into the unique index
      const rows = await tx.select({ id: t.id }).from(t.table).where(scoped(t.table, auth)).for('update')
      if (!rows.some((r) => r.id === id)) throw notFound('数据不存在')
      // disable first: the partial unique index allows one enabled row per tenant at any moment
      await tx
        .update(t.table)
        .set(touched(t.table, auth, { status: CONFIG_STATUS.disabled }) as never)
        .where(scoped(t.table, auth, eq(t.status, CONFIG_STATUS.enabled), ne(t.id, id)))
      await tx
        .update(t.table)
        .set(touched(t.table, auth, { status: CONFIG_STATUS.enabled }) as never)
        .where(and(scoped(t.table, auth), eq(t.id, id)))
    })
    return {}
  })
}
