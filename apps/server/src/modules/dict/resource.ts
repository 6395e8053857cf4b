import {
  DICT_ROOT_KEY,
  DICT_ROOT_PARENT,
  type DictForm,
  type DictSchema,
  dictBizContract,
  dictContract,
} from '@xpark/contract/schemas'
import { eq, inArray, ne, notInArray } from 'drizzle-orm'
import { isTenantAdmin } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { tenantCache } from '../../core/cache/index.js'
import {
  BLADEX_SYSTEM_SCOPES,
  defineResource,
  type RemoveContext,
  type Resource,
  type WriteContext,
} from '../../core/crud/index.js'
import { badRequest, forbidden } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { dict, dictBiz } from './schema.js'

/**
 * The system dictionary (global) and the business dictionary (per tenant) share one shape and one
 * set of rules; only the table, the path and the button codes differ.
 */

/** The column set both tables share; the business table is read through it (tenant scope stays, see `scoped`). */
export type DictTable = typeof dict
export type DictRow = typeof dict.$inferSelect

export const SEALED = '字典已封存,仅管理员可以修改或删除'
export const HAS_CHILDREN = '请先删除子节点!'
export const KEY_TAKEN = '当前字典键值已存在!'

export interface DictKind {
  /** `sys` or `biz`: part of the cache key */
  kind: 'sys' | 'biz'
  table: DictTable
  resource: Resource<typeof DictSchema>
  /** cache prefix of this kind's `dictionary?code=` answers for a caller */
  cachePrefix(auth: Pick<AuthContext, 'tenantId'>): string
}

/** A sealed row may be changed or removed only by an administrator (tenant admin or platform administrator). */
export function assertUnsealed(rows: readonly Pick<DictRow, 'isSealed'>[], auth: AuthContext): void {
  if (rows.some((r) => r.isSealed === 1) && !isTenantAdmin(auth)) throw forbidden(SEALED)
}

const isRootParent = (value: unknown) =>
  value === undefined || value === null || value === '' || value === 0 || value === DICT_ROOT_PARENT

/**
 * Rules before a write (inside its transaction): a root gets dict_key '-1'; a child needs a key and
 * takes its parent's code; no cycles; (code, key) names one entry; a root's new code follows its children.
 */
function beforeWrite(table: DictTable) {
  return async ({ tx, auth, values, id }: WriteContext<DictForm>): Promise<void> => {
    const v = values as Record<string, unknown>
    const find = async (rowId: string) =>
      (
        await tx
          .select()
          .from(table)
          .where(scoped(table, auth, eq(table.id, rowId)))
      )[0]
    const current = id ? await find(id) : undefined
    if (current) assertUnsealed([current], auth)

    const parentId = isRootParent(v.parentId ?? current?.parentId)
      ? DICT_ROOT_PARENT
      : String(v.parentId ?? current?.parentId)
    v.parentId = parentId
    if (parentId === DICT_ROOT_PARENT) {
      v.dictKey = DICT_ROOT_KEY
    } else {
      const parent = await find(parentId)
      if (!parent) throw badRequest('上级字典不存在')
      if (id) await refuseCycle(tx, table, auth, id, parent)
      v.code = parent.code
      const key =
        v.dictKey ?? (current && current.parentId !== DICT_ROOT_PARENT ? current.dictKey : undefined)
      if (key === undefined || key === null || String(key).trim() === '')
        throw badRequest('参数校验失败: dictKey: enter dictionary key')
      v.dictKey = String(key).trim()
    }

    const code = String(v.code ?? current?.code)
    const [clash] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        scoped(
          table,
          auth,
          eq(table.code, code),
          eq(table.dictKey, String(v.dictKey)),
          id ? ne(table.id, id) : undefined,
        ),
      )
      .limit(1)
    if (clash) throw badRequest(KEY_TAKEN)

    // entries carry their root's code: renaming a root's code renames its whole tree
    if (current && current.parentId === DICT_ROOT_PARENT && code !== current.code)
      await tx
        .update(table)
        .set({ code })
        .where(scoped(table, auth, eq(table.code, current.code), ne(table.parentId, DICT_ROOT_PARENT)))
  }
}

/** A sealed row stays (unless an administrator removes it); a parent goes only with, or after, its children. */
function beforeRemove(table: DictTable) {
  return async ({ tx, auth, ids }: RemoveContext): Promise<void> => {
    const wanted = [...ids]
    assertUnsealed(
      await tx
        .select()
        .from(table)
        .where(scoped(table, auth, inArray(table.id, wanted))),
      auth,
    )
    const [child] = await tx
      .select({ id: table.id })
      .from(table)
      .where(scoped(table, auth, inArray(table.parentId, wanted), notInArray(table.id, wanted)))
      .limit(1)
    if (child) throw badRequest(HAS_CHILDREN)
  }
}

async function refuseCycle(tx: Tx, table: DictTable, auth: AuthContext, id: string, parent: DictRow) {
  const seen = new Set<string>()
  for (let node: DictRow | undefined = parent; node; ) {
    if (node.id === id) throw badRequest('上级字典不能是自己或自己的下级')
    if (node.parentId === DICT_ROOT_PARENT || seen.has(node.id)) return
    seen.add(node.id)
    node = (
      await tx
        .select()
        .from(table)
        .where(scoped(table, auth, eq(table.id, node.parentId)))
    )[0]
  }
}

/**
 * blade-system/dict: global; the screen's reads need `dict_view`, the lookups every screen makes
 * (`dictionary`, `dictionary-tree`) any signed-in user; writes are the platform administrator's.
 */
export const dictResource = defineResource({
  contract: dictContract,
  table: dict,
  tag: 'dict',
  tenant: false,
  beforeWrite: beforeWrite(dict),
  beforeRemove: beforeRemove(dict),
  skip: ['list'], // a tree here (routes.ts)
  references: { parentId: 'checked' }, // the dictionary's row, not below itself
})

const dictBizTable = dictBiz as unknown as DictTable

/** blade-system/dict-biz: per tenant; holders of the dictbiz_* codes write their tenant's entries. */
export const dictBizResource = defineResource({
  contract: dictBizContract,
  table: dictBiz,
  tag: 'dict-biz',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
  beforeWrite: beforeWrite(dictBizTable),
  beforeRemove: beforeRemove(dictBizTable),
  skip: ['list'],
  references: { parentId: 'checked' }, // the dictionary's row, not below itself
})

export const SYSTEM_DICT: DictKind = {
  kind: 'sys',
  table: dict,
  resource: dictResource,
  cachePrefix: () => 'sys:dict:sys:',
}

export const BIZ_DICT: DictKind = {
  kind: 'biz',
  table: dictBizTable,
  resource: dictBizResource,
  cachePrefix: (auth) => `${tenantCache(auth.tenantId)}dict:biz:`,
}
