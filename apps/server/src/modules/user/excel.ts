import { UserForm } from '@xpark/contract/schemas'
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { hashPassword, md5, randomPassword } from '../../core/auth/passwords.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { ExcelOptions, ImportOutcome, SheetRows } from '../../core/crud/index.js'
import type { ExcelColumn, ImportRowError } from '../../core/excel/index.js'
import { idsIn } from '../../core/ids.js'
import { scoped, stamped, touched } from '../../core/tenancy.js'
import { type Db, letLoopTurn, type Tx } from '../../db/client.js'
import { role } from '../authority/index.js'
import { dict } from '../dict/index.js'
import { user } from '../identity/index.js'
import { dept, post } from '../org/index.js'
import { assertAccountQuota } from '../tenant/index.js'
import { handOutProblem, mayManage, NOT_GOVERNED, roleAuthority } from './authority.js'

/**
 * Users to and from Excel (BladeX `export-user`, `export-template`, `import-user` / `importExcel`),
 * on the kit's Excel routes: the export is the page's rows (same filters, tenant and data scope, or the
 * ticked `ids`) with the names the row carries (`roleName`, `deptName`, `postName`, `sexName`: the
 * resource's expands); the import's roles, departments and posts travel by name and are resolved by
 * the kit (several names in one cell). What is the users' own is the writer: good rows are written and
 * bad ones reported (not all or nothing), accounts get one random initial password, and as in
 * `blade-user/submit` only accounts the caller governs are overwritten, with roles it may hand out.
 */

const EXPORT_COLUMNS: ExcelColumn[] = [
  { header: '登录账号', key: 'account' },
  { header: '用户昵称', key: 'name' },
  { header: '用户姓名', key: 'realName' },
  { header: '电子邮箱', key: 'email' },
  { header: '手机号码', key: 'phone' },
  { header: '用户性别', key: 'sexName' },
  { header: '所属角色', key: 'roleName' },
  { header: '所属部门', key: 'deptName' },
  { header: '所属岗位', key: 'postName' },
  { header: '创建时间', key: 'createTime' },
]

const IMPORT_COLUMNS: ExcelColumn[] = [
  { header: '登录账号', key: 'account', note: '必填; 2-45 位字母、数字或 _ . @ -; 租户内唯一' },
  { header: '用户昵称', key: 'name', note: '选填; 最多 20 字' },
  { header: '用户姓名', key: 'realName', note: '必填; 最多 20 字' },
  { header: '电子邮箱', key: 'email', note: '选填' },
  { header: '手机号码', key: 'phone', note: '选填; 11 位手机号' },
  { header: '用户性别', key: 'sex', note: '选填; 字典 性别 的名称 (男 / 女)' },
  { header: '所属角色', key: 'roleName', note: '必填; 角色名称, 多个用逗号分隔' },
  { header: '所属部门', key: 'deptName', note: '必填; 部门名称, 多个用逗号分隔' },
  { header: '所属岗位', key: 'postName', note: '选填; 岗位名称, 多个用逗号分隔' },
]

/** One sheet row: the user form's own checks for the fields it shares, names as text. */
const ImportRowSchema = z.object({
  account: UserForm.shape.account,
  name: UserForm.shape.name,
  realName: UserForm.shape.realName,
  email: UserForm.shape.email,
  phone: UserForm.shape.phone,
  sex: z.string().optional(),
  roleName: z.string({ error: 'please select role' }),
  deptName: z.string({ error: 'please select dept' }),
  postName: z.string().optional(),
})

/** What a resolved sheet row holds (the names turned into comma-joined ids by the kit). */
interface ImportRow {
  account: string
  name?: string
  realName: string
  email?: string
  phone?: string
  sex?: string
  roleId?: string
  deptId?: string
  postId?: string
}

/** Rows per statement of an import (PGlite holds the loop for a statement: keep each short). */
const WRITE_SLICE = 50

/** label → key of the sex dictionary (`男` → 1). */
async function sexKeys(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ key: dict.dictKey, name: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, 'sex'), ne(dict.parentId, '0'), eq(dict.isDeleted, 0)))
  return new Map(rows.map((s) => [s.name, s.key]))
}

/** The accounts of the sheet that exist in the tenant, read in slices (one statement per 50 names). */
async function existingAccounts(tx: Tx, auth: AuthContext, accounts: readonly string[]) {
  const existing = new Map<string, { id: string; account: string; roleId: string }>()
  for (let i = 0; i < accounts.length; i += WRITE_SLICE) {
    const found = await tx
      .select({ id: user.id, account: user.account, roleId: user.roleId })
      .from(user)
      .where(scoped(user, auth, inArray(user.account, accounts.slice(i, i + WRITE_SLICE))))
    for (const u of found) existing.set(u.account, u)
    await letLoopTurn()
  }
  return existing
}

interface Written {
  imported: number
  updated: string[]
  errors: ImportRowError[]
  initialPassword?: string
}

/**
 * Check every resolved row against the tenant (existing accounts, roles the caller may hand out,
 * data scope), then write the good rows in this one transaction. Bad rows write nothing.
 */
async function writeRows(
  tx: Tx,
  auth: AuthContext,
  rows: SheetRows['rows'],
  covered: boolean,
  /** the caller's data scope on users (undefined: not narrowed) */
  scope: SQL | undefined,
): Promise<Written> {
  const errors: ImportRowError[] = []
  if (!rows.length) return { imported: 0, updated: [], errors }
  const sexes = await sexKeys(tx)
  const authority = await roleAuthority(tx, auth)
  const data = rows.map((r) => ({ row: r.row, data: r.data as unknown as ImportRow }))
  const existing = await existingAccounts(tx, auth, [...new Set(data.map((r) => r.data.account))])
  // an existing account is overwritten only when the caller may edit it (data scope, as update)
  const existingIds = [...existing.values()].map((u) => String(u.id))
  const editable = new Set(
    existingIds.length
      ? (
          await tx
            .select({ id: user.id })
            .from(user)
            .where(scoped(user, auth, scope, inArray(user.id, existingIds)))
        ).map((u) => String(u.id))
      : [],
  )

  const seen = new Map<string, number>()
  const inserts: Record<string, unknown>[] = []
  const updates: { id: string; values: Record<string, unknown> }[] = []
  for (const { row, data: d } of data) {
    const problems: string[] = []
    const first = seen.get(d.account)
    if (first !== undefined) problems.push(`登录账号在第 ${first} 行已出现: ${d.account}`)
    else seen.set(d.account, row)
    const roleIds = idsIn(d.roleId)
    if (!roleIds.length) problems.push('please select role')
    if (!idsIn(d.deptId).length) problems.push('please select dept')
    let sex: number | undefined
    if (d.sex !== undefined) {
      const key = sexes.get(d.sex)
      if (key === undefined) problems.push(`用户性别: 应为 ${[...sexes.keys()].join(' / ')}`)
      else sex = Number(key)
    }
    const old = existing.get(d.account)
    if (old && !covered) problems.push(`当前用户 [${d.account}] 已存在!`)
    if (old && covered && !editable.has(String(old.id))) problems.push(`无权修改用户 [${d.account}]`)
    // as blade-user/submit: over accounts the caller governs, with roles it may hand out
    if (old && covered && !mayManage(auth, authority, old)) problems.push(NOT_GOVERNED(d.account))
    const handOut = handOutProblem(auth, authority, roleIds, old ? idsIn(old.roleId) : [])
    if (handOut) problems.push(handOut)
    if (problems.length) {
      errors.push({ row, messages: problems })
      continue
    }
    // cells given overwrite; an empty optional cell keeps what the account has
    const values: Record<string, unknown> = {
      account: d.account,
      realName: d.realName,
      roleId: d.roleId,
      deptId: d.deptId,
      ...(d.name !== undefined ? { name: d.name } : {}),
      ...(d.email !== undefined ? { email: d.email } : {}),
      ...(d.phone !== undefined ? { phone: d.phone } : {}),
      ...(sex !== undefined ? { sex } : {}),
      ...(d.postId !== undefined ? { postId: d.postId } : {}),
    }
    if (old) updates.push({ id: String(old.id), values })
    else inserts.push(values)
  }

  let initialPassword: string | undefined
  if (inserts.length) {
    await assertAccountQuota(tx, auth.tenantId, inserts.length)
    // one hash per import (argon2 per account would take minutes for 10,000 rows)
    initialPassword = randomPassword()
    const password = await hashPassword(md5(initialPassword))
    // the person must choose their own password before anything else (core/auth/plugin.ts)
    const stampedRows = inserts.map((v) =>
      stamped(user, auth, { ...v, password, passwordDefault: true, mustChangePassword: true }),
    )
    for (let i = 0; i < stampedRows.length; i += WRITE_SLICE) {
      await tx.insert(user).values(stampedRows.slice(i, i + WRITE_SLICE) as (typeof user.$inferInsert)[])
      await letLoopTurn()
    }
  }
  for (const [i, u] of updates.entries()) {
    await tx
      .update(user)
      .set(touched(user, auth, u.values))
      .where(scoped(user, auth, eq(user.id, u.id)))
    if (i % 50 === 49) await letLoopTurn()
  }
  return {
    imported: inserts.length,
    updated: updates.map((u) => u.id),
    errors,
    ...(initialPassword ? { initialPassword } : {}),
  }
}

/** The user resource's Excel: columns, the names the import resolves, and its writer. */
export function userSheets(
  db: Db,
  /** the caller's data scope on users */
  scopeOf: (auth: AuthContext) => Promise<SQL | undefined>,
  /** after a commit: the accounts written over hold their new roles from their next request */
  forget: (tenantId: string, userIds: readonly string[]) => Promise<void>,
): ExcelOptions {
  return {
    columns: EXPORT_COLUMNS,
    import: {
      columns: IMPORT_COLUMNS,
      templateTitle: '用户数据模板',
      row: ImportRowSchema,
      references: {
        roleName: { table: role, column: 'roleName', into: 'roleId', message: '角色不存在', many: true },
        deptName: { table: dept, column: 'deptName', into: 'deptId', message: '部门不存在', many: true },
        postName: { table: post, column: 'postName', into: 'postId', message: '岗位不存在', many: true },
      },
      write: async ({ auth, sheet, covered }): Promise<ImportOutcome> => {
        const scope = await scopeOf(auth)
        const done = await db.transaction((tx) => writeRows(tx, auth, sheet.rows, covered, scope))
        await forget(auth.tenantId, done.updated)
        const errors = [...sheet.errors, ...done.errors].sort((a, b) => a.row - b.row)
        const data = {
          total: sheet.rows.length + sheet.errors.length,
          imported: done.imported,
          updated: done.updated.length,
          errors,
          // the initial password of the accounts created: random per import, told here once (stored
          // only as a hash); each account must change it at its first sign-in
          ...(done.initialPassword ? { initialPassword: done.initialPassword } : {}),
        }
        const msg = errors.length
          ? `导入完成: 新增 ${data.imported} 条, 更新 ${data.updated} 条, ${errors.length} 条有误`
          : `导入成功: 新增 ${data.imported} 条, 更新 ${data.updated} 条`
        return { data, msg }
      },
    },
  }
}
