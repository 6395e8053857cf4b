import { UserForm } from '@xpark/contract/schemas'
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { hashPassword, md5, randomPassword } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { resourceBatches } from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import {
  columnFields,
  type ExcelColumn,
  type ImportRowError,
  logDownload,
  readWorkbook,
  sendTemplate,
  sendWorkbook,
} from '../../core/excel/index.js'
import type { Api } from '../../core/http/api.js'
import { readUpload } from '../../core/http/uploads.js'
import { isId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { ApiScopes, DataScopes } from '../../core/scope/index.js'
import { scoped, stamped, touched } from '../../core/tenancy.js'
import { type Db, letLoopTurn, type Tx } from '../../db/client.js'
import { role, systemScopeSource } from '../authority/index.js'
import { dict } from '../dict/index.js'
import { user } from '../identity/index.js'
import { dept, post } from '../org/index.js'
import { assertAccountQuota } from '../tenant/index.js'
import { handOutProblem, mayManage, NOT_GOVERNED, roleAuthority } from './authority.js'
import { USER_RESOURCE, userResource } from './user.js'

/**
 * Users to and from Excel (BladeX `export-user`, `export-template`, `import-user` / `importExcel`):
 * the export streams the rows the user page would list (same filters, tenant and data scope, or the
 * ticked `ids`); the import creates users in the caller's tenant, or with `isCovered=1` updates the
 * accounts that exist. Roles, departments and posts travel by name, resolved in the caller's tenant.
 */

type UserRow = typeof user.$inferSelect
/** id → name of the tenant's roles, departments and posts, and the sex dictionary. */
interface Names {
  role: Map<string, string>
  dept: Map<string, string>
  post: Map<string, string>
  sex: Map<string, string>
}

/** `roleId`-style csv → the names, the same few csv values again and again: each is joined once. */
function namesOf(names: Map<string, string>): (csv: string) => string {
  const joined = new Map<string, string>()
  return (csv) => {
    let text = joined.get(csv)
    if (text === undefined) {
      text = csv
        .split(',')
        .filter(Boolean)
        .map((id) => names.get(id) ?? id)
        .join(',')
      // bounded: an organisation where every user has their own combination gains nothing from it
      if (joined.size < 10_000) joined.set(csv, text)
    }
    return text
  }
}

/** The columns of the export; the import and its template take the same minus 创建时间. */
function exportColumns(names: Names): ExcelColumn<UserRow>[] {
  const roles = namesOf(names.role)
  const depts = namesOf(names.dept)
  const posts = namesOf(names.post)
  return [
    { header: '登录账号', key: 'account' },
    { header: '用户昵称', key: 'name' },
    { header: '用户姓名', key: 'realName' },
    { header: '电子邮箱', key: 'email' },
    { header: '手机号码', key: 'phone' },
    { header: '用户性别', key: 'sex', value: (u) => names.sex.get(String(u.sex)) ?? '', reads: ['sex'] },
    { header: '所属角色', key: 'roleNames', value: (u) => roles(u.roleId), reads: ['roleId'] },
    { header: '所属部门', key: 'deptNames', value: (u) => depts(u.deptId), reads: ['deptId'] },
    { header: '所属岗位', key: 'postNames', value: (u) => posts(u.postId), reads: ['postId'] },
    { header: '创建时间', key: 'createTime' },
  ]
}

const IMPORT_COLUMNS: ExcelColumn<never>[] = [
  { header: '登录账号', key: 'account', note: '必填; 2-45 位字母、数字或 _ . @ -; 租户内唯一' },
  { header: '用户昵称', key: 'name', note: '选填; 最多 20 字' },
  { header: '用户姓名', key: 'realName', note: '必填; 最多 20 字' },
  { header: '电子邮箱', key: 'email', note: '选填' },
  { header: '手机号码', key: 'phone', note: '选填; 11 位手机号' },
  { header: '用户性别', key: 'sex', note: '选填; 字典 性别 的名称 (男 / 女)' },
  { header: '所属角色', key: 'roleNames', note: '必填; 角色名称, 多个用逗号分隔' },
  { header: '所属部门', key: 'deptNames', note: '必填; 部门名称, 多个用逗号分隔' },
  { header: '所属岗位', key: 'postNames', note: '选填; 岗位名称, 多个用逗号分隔' },
]

/** One sheet row: the user form's own checks for the fields it shares, names as text. */
const ImportRowSchema = z.object({
  account: UserForm.shape.account,
  name: UserForm.shape.name,
  realName: UserForm.shape.realName,
  email: UserForm.shape.email,
  phone: UserForm.shape.phone,
  sex: z.string().optional(),
  roleNames: z.string({ error: 'please select role' }),
  deptNames: z.string({ error: 'please select dept' }),
  postNames: z.string().optional(),
})
type ImportRowData = z.infer<typeof ImportRowSchema>

/** `a,b`, `a，b` and `a、b` all list names (people type the Chinese comma). */
const splitNames = (text: string | undefined) =>
  (text ?? '')
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean)

async function loadNames(db: Db | Tx, auth: AuthContext): Promise<Names> {
  const [roles, depts, posts, sexes] = await Promise.all([
    db.select({ id: role.id, name: role.roleName }).from(role).where(scoped(role, auth)),
    db.select({ id: dept.id, name: dept.deptName }).from(dept).where(scoped(dept, auth)),
    db.select({ id: post.id, name: post.postName }).from(post).where(scoped(post, auth)),
    db
      .select({ key: dict.dictKey, name: dict.dictValue })
      .from(dict)
      .where(and(eq(dict.code, 'sex'), ne(dict.parentId, '0'), eq(dict.isDeleted, 0))),
  ])
  const map = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [String(r.id), r.name]))
  return {
    role: map(roles),
    dept: map(depts),
    post: map(posts),
    sex: new Map(sexes.map((s) => [s.key, s.name])),
  }
}

/** name → ids (a name two rows share is ambiguous and refused by `resolve`). */
function byName(names: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [id, name] of names) out.set(name, [...(out.get(name) ?? []), id])
  return out
}

/** The ids of the names in a cell, or the problems (unknown or ambiguous names). */
function resolve(
  text: string | undefined,
  index: Map<string, string[]>,
  what: string,
  problems: string[],
): string[] {
  const ids: string[] = []
  for (const name of splitNames(text)) {
    const found = index.get(name)
    if (!found) problems.push(`${what}不存在: ${name}`)
    else if (found.length > 1) problems.push(`${what}名称不唯一: ${name}`)
    else ids.push(found[0]!)
  }
  return [...new Set(ids)]
}

/** Rows per statement of an import (PGlite holds the loop for a statement: keep each short). */
const WRITE_SLICE = 50

export interface ImportSummary {
  total: number
  imported: number
  updated: number
  errors: ImportRowError[]
  /**
   * the initial password of the accounts this import created: random for each import, told here once
   * (it is stored only as a hash); each account must change it at its first sign-in
   */
  initialPassword?: string
}

/**
 * Check every valid row against the tenant (names, existing accounts, roles the caller may hand
 * out, data scope), then write the good rows in this one transaction. Bad rows write nothing.
 */
async function importRows(
  tx: Tx,
  auth: AuthContext,
  rows: { row: number; data: ImportRowData }[],
  covered: boolean,
  /** the caller's data scope on users (undefined: not narrowed) */
  scope: SQL | undefined,
): Promise<{ imported: number; updated: string[]; errors: ImportRowError[]; initialPassword?: string }> {
  const errors: ImportRowError[] = []
  if (!rows.length) return { imported: 0, updated: [], errors }
  const names = await loadNames(tx, auth)
  const roleIndex = byName(names.role)
  const deptIndex = byName(names.dept)
  const postIndex = byName(names.post)
  const sexIndex = new Map([...names.sex].map(([key, label]) => [label, key]))
  const authority = await roleAuthority(tx, auth)
  const accounts = [...new Set(rows.map((r) => r.data.account))]
  const existing = new Map<string, { id: string; account: string; roleId: string }>()
  // in slices, letting the loop turn between them: one statement naming 10,000 accounts holds PGlite
  for (let i = 0; i < accounts.length; i += WRITE_SLICE) {
    const found = await tx
      .select({ id: user.id, account: user.account, roleId: user.roleId })
      .from(user)
      .where(scoped(user, auth, inArray(user.account, accounts.slice(i, i + WRITE_SLICE))))
    for (const u of found) existing.set(u.account, u)
    await letLoopTurn()
  }
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
  for (const { row, data } of rows) {
    const problems: string[] = []
    const first = seen.get(data.account)
    if (first !== undefined) problems.push(`登录账号在第 ${first} 行已出现: ${data.account}`)
    else seen.set(data.account, row)
    const roleIds = resolve(data.roleNames, roleIndex, '角色', problems)
    const deptIds = resolve(data.deptNames, deptIndex, '部门', problems)
    const postIds = resolve(data.postNames, postIndex, '岗位', problems)
    if (!roleIds.length && !problems.some((p) => p.startsWith('角色'))) problems.push('please select role')
    if (!deptIds.length && !problems.some((p) => p.startsWith('部门'))) problems.push('please select dept')
    let sex: number | undefined
    if (data.sex !== undefined) {
      const key = sexIndex.get(data.sex)
      if (key === undefined) problems.push(`用户性别: 应为 ${[...sexIndex.keys()].join(' / ')}`)
      else sex = Number(key)
    }
    const old = existing.get(data.account)
    if (old && !covered) problems.push(`当前用户 [${data.account}] 已存在!`)
    if (old && covered && !editable.has(String(old.id))) problems.push(`无权修改用户 [${data.account}]`)
    // as blade-user/submit: over accounts the caller governs, with roles it may hand out
    if (old && covered && !mayManage(auth, authority, old)) problems.push(NOT_GOVERNED(data.account))
    const handOut = handOutProblem(auth, authority, roleIds, old ? old.roleId.split(',') : [])
    if (handOut) problems.push(handOut)
    if (problems.length) {
      errors.push({ row, messages: problems })
      continue
    }
    // cells given overwrite; an empty optional cell keeps what the account has
    const values: Record<string, unknown> = {
      account: data.account,
      realName: data.realName,
      roleId: roleIds.join(','),
      deptId: deptIds.join(','),
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.email !== undefined ? { email: data.email } : {}),
      ...(data.phone !== undefined ? { phone: data.phone } : {}),
      ...(sex !== undefined ? { sex } : {}),
      ...(data.postNames !== undefined ? { postId: postIds.join(',') } : {}),
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

const idsParam = z
  .string()
  .refine((s) => s === '' || (s.split(',').length <= 10_000 && s.split(',').every(isId)), {
    message: 'must be a comma-separated list of at most 10000 64-bit ids',
  })
  .optional()
  .describe('only these users (the ticked rows), comma-separated')

export async function userExcelRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const source = systemScopeSource(ctx.database)
  const data = new DataScopes(source, ctx.cache)
  const apis = new ApiScopes(source, ctx.cache)
  const r = userResource(data, apis)
  const tags = ['user']
  const permit = (permission: string) => ({ config: { permission }, preHandler: apis.guard })

  async function exportUsers(
    request: FastifyRequest,
    reply: FastifyReply,
    { ids, title, ...query }: { ids?: string; title?: string } & Record<string, unknown>,
  ) {
    const auth = authOf(request)
    const names = await loadNames(db, auth)
    const columns = exportColumns(names)
    const batches = await resourceBatches(db, r, auth, query, {
      ids: ids ? ids.split(',') : undefined,
      fields: columnFields(columns),
    })
    // the resource's rows hold the blade_user columns the sheet reads (never the password)
    const users = batches as AsyncIterable<UserRow[]>
    return sendWorkbook(reply, { title, columns, batches: users })
  }
  const exportFields = {
    ids: idsParam,
    title: z.string().max(100).optional().describe('file and sheet name (default: the time)'),
  }
  const exportSummary =
    'user: xlsx of the users the page lists (same filters and data scope), or of the ticked ids'

  api.get(
    '/blade-user/export-user',
    {
      schema: { tags, summary: exportSummary, querystring: z.object(exportFields).loose() },
      ...permit('user_export'),
      onResponse: logDownload,
    },
    (request, reply) => exportUsers(request, reply, request.query),
  )
  // the same with the ticked ids in a JSON body: a long selection does not fit a request line
  api.post(
    '/blade-user/export-user',
    {
      schema: {
        tags,
        summary: `${exportSummary} (ids and title in the JSON body, filters in the query)`,
        querystring: z.object({}).loose(),
        body: z.object(exportFields),
      },
      ...permit('user_export'),
      onResponse: logDownload,
    },
    (request, reply) => exportUsers(request, reply, { ...request.query, ...request.body }),
  )

  api.get(
    '/blade-user/export-template',
    {
      schema: { tags, summary: 'user: the import template (xlsx: header row, notes sheet)' },
      ...permit('user_import'),
    },
    async (_request, reply) => sendTemplate(reply, { title: '用户数据模板', columns: IMPORT_COLUMNS }),
  )

  const importSchema = {
    tags,
    summary:
      'user: import an xlsx (multipart field `file`); isCovered=1 updates existing accounts, ' +
      'otherwise they are row errors. Good rows are written together, bad rows are reported.',
    consumes: ['multipart/form-data'],
    querystring: z.object({
      isCovered: z
        .enum(['0', '1'])
        .optional()
        .describe('1: overwrite existing accounts (the console always sends 1)'),
    }),
  }
  for (const path of ['/blade-user/import-user', '/blade-user/importExcel']) {
    api.post(path, { schema: importSchema, ...permit('user_import') }, async (request) => {
      const auth = authOf(request)
      const upload = await readUpload(request)
      const sheet = await readWorkbook(upload.buffer, { columns: IMPORT_COLUMNS, schema: ImportRowSchema })
      const covered = request.query.isCovered === '1'
      const scope = await data.condition(auth, USER_RESOURCE, user)
      const done = await db.transaction((tx) => importRows(tx, auth, sheet.rows, covered, scope))
      // the accounts written over hold their new roles and departments from their next request
      await request.server.principals.forget(auth.tenantId, done.updated)
      const errors = [...sheet.errors, ...done.errors].sort((a, b) => a.row - b.row)
      const summary: ImportSummary = {
        total: sheet.rows.length + sheet.errors.length,
        imported: done.imported,
        updated: done.updated.length,
        errors,
        ...(done.initialPassword ? { initialPassword: done.initialPassword } : {}),
      }
      const msg = errors.length
        ? `导入完成: 新增 ${summary.imported} 条, 更新 ${summary.updated} 条, ${errors.length} 条有误`
        : `导入成功: 新增 ${summary.imported} 条, 更新 ${summary.updated} 条`
      return ok(summary, msg)
    })
  }
}
