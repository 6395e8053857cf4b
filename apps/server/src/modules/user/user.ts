import {
  employeeTypeCall,
  platformDetailCall,
  resetPasswordCall,
  UserForm,
  updateInfoCall,
  updatePlatformCall,
  userContract,
  userGrantCall,
  userSubmitCall,
  userUpdateCall,
} from '@xpark/contract/schemas'
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import {
  assertReferences,
  defineResource,
  type ExcelOptions,
  findRow,
  insertRow,
  lookup,
  lookupMany,
  type Resource,
  referenceScopes,
  registerResource,
  updateRow,
} from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { idsIn, isId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { ApiScopes, DataScopes } from '../../core/scope/index.js'
import { scoped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { role, systemScopeSource } from '../authority/index.js'
import { dict } from '../dict/index.js'
import { user } from '../identity/index.js'
import { dept, post } from '../org/index.js'
import { staffType } from '../staff/index.js'
import { assertAccountQuota } from '../tenant/index.js'
import { assertMayManage, handOutProblem, roleAuthority } from './authority.js'
import { userSheets } from './excel.js'
import { userOrderRoutes } from './ordering.js'
import { userSearchRoutes } from './search.js'

/**
 * blade-user: the users of a tenant. Reads and writes go through the CRUD factory with the `user`
 * data scope; the password hash never leaves the server. Passwords arrive either as the MD5 hex the
 * console computes (BladeX wire format; strength cannot be checked) or as `passwordPlain` in a JSON
 * body, checked against spec 01 §5 and hashed here; see docs/architecture.md.
 */

/** The resource code data scope rules name for users. */
export const USER_RESOURCE = 'user'

/** Every id must be a live row of the caller's tenant. */
/** Roles a caller may hand out (authority.ts): 400 naming the first one it may not. */
async function assertMayAssign(tx: Tx, auth: AuthContext, roleIds: string[], previous: string[] = []) {
  const problem = handOutProblem(auth, await roleAuthority(tx, auth), roleIds, previous)
  if (problem) throw badRequest(problem)
}

/** The user resource (filters, data scope, API scope): `page` here, and the Excel export in excel.ts. */
export function userResource(
  data: DataScopes,
  apis: ApiScopes,
  sessions: {
    end: (userIds: readonly string[], tx: Tx) => Promise<void>
    /** after a commit: the accounts' roles, departments and status count from their next request */
    forget: (tenantId: string, userIds: readonly string[]) => Promise<void>
  } = { end: async () => {}, forget: async () => {} },
  /** the Excel export and import (excel.ts) */
  sheets?: ExcelOptions,
) {
  return defineResource({
    contract: userContract,
    table: user,
    tag: 'user',
    omit: ['password'],
    // the names BladeX's UserVO carries beside the ids (the page, the Excel export)
    expand: {
      roleName: lookupMany(role, 'roleName', 'roleId'),
      deptName: lookupMany(dept, 'deptName', 'deptId'),
      postName: lookupMany(post, 'postName', 'postId'),
      sexName: lookup(dict, 'dictValue', 'sex', {
        key: 'dictKey',
        where: { code: 'sex', isDeleted: 0 },
        asText: true,
      }),
    },
    ...(sheets ? { excel: sheets } : {}),
    // the module's own data scope and API scope (its hand-written routes share them), not the factory's
    scope: data.hook(USER_RESOURCE, user),
    apiScope: false,
    guards: [apis.guard],
    // submit/save/update are written by hand (passwords); they still call the factory's store
    skip: ['submit', 'save', 'update'],
    references: {
      roleId: { to: role, many: true, message: '角色不存在' },
      deptId: { to: dept, many: true, message: '机构不存在' },
      postId: { to: post, many: true, message: '岗位不存在' },
      staffTypeId: { to: staffType, message: '员工类型不存在' },
    },
    // `deptId=` is a dept and all its children (BladeX user page)
    queryFilter: async (query, auth): Promise<SQL | undefined> => {
      const deptId = query.deptId
      if (deptId === undefined || deptId === '') return undefined
      if (typeof deptId !== 'string' || !isId(deptId)) throw badRequest('参数 deptId 应为 id')
      return data.matching(user.deptId, await data.deptSubtree(auth.tenantId, [deptId]))
    },
    beforeWrite: async ({ tx, auth, values, id }) => {
      // a new account counts against the tenant's quota (locks the tenant row until commit)
      if (!id) await assertAccountQuota(tx, auth.tenantId)
      if (values.account !== undefined) {
        const [clash] = await tx
          .select({ id: user.id })
          .from(user)
          .where(scoped(user, auth, eq(user.account, values.account), id ? ne(user.id, id) : undefined))
          .limit(1)
        if (clash) throw badRequest(`当前用户 [${values.account}] 已存在!`)
      }
      let previousRoles: string[] = []
      // editing another account (fields, status, roles) takes authority over every role it holds
      if (id) await assertMayManage(tx, auth, [id])
      if (id) {
        const [current] = await tx.select({ roleId: user.roleId }).from(user).where(eq(user.id, id))
        previousRoles = idsIn(current?.roleId)
      }
      if (values.roleId !== undefined) await assertMayAssign(tx, auth, idsIn(values.roleId), previousRoles)
      if (values.staffTypeId === '') values.staffTypeId = null // the column is a bigint: '' clears it
      // locking oneself out would leave nobody signed in to undo it
      if (id && id === auth.userId && values.status !== undefined && values.status !== 1)
        throw badRequest('不能停用本账号!')
    },
    beforeRemove: async ({ tx, auth, ids }) => {
      if (ids.includes(auth.userId)) throw badRequest('不能删除本账号!')
      await assertMayManage(tx, auth, ids)
      // a removed account's sessions end with it (a failed remove only costs a new sign-in)
      await sessions.end(ids, tx)
    },
    afterCommit: ({ auth, ids }) => sessions.forget(auth.tenantId, ids),
  })
}

/** `passwordPlain` (checked, JSON body only) or `password` (MD5 hex): the value stored is argon2id(md5). */
async function passwordHashOf(input: { password?: string; passwordPlain?: string }): Promise<string | null> {
  if (input.passwordPlain !== undefined) return hashPassword(md5(input.passwordPlain))
  if (input.password !== undefined) return hashPassword(input.password)
  return null
}

/** Was the field sent in the JSON body (a query's copy does not count)? */
function sentInBody(request: FastifyRequest, field: string): boolean {
  const body = request.body
  return typeof body === 'object' && body !== null && field in body
}

export async function userRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const source = systemScopeSource(ctx.database)
  const data = new DataScopes(source, ctx.cache)
  const apis = new ApiScopes(source, ctx.cache)
  const forget = (tenantId: string, ids: readonly string[]) => api.principals.forget(tenantId, ids)
  const r: Resource = userResource(
    data,
    apis,
    { end: (ids, tx) => api.sessionControl.endUsers(ids, { tx }), forget },
    userSheets(db, (auth) => data.condition(auth, USER_RESOURCE, user), forget),
  )
  await registerResource(api, db, r)
  /** the API scope check of every route of the screen */
  const guarded = { preHandler: [apis.guard] }
  /** users of the caller's tenant within its data scope */
  const inScope = async (auth: AuthContext, ids: string[]) =>
    scoped(user, auth, await data.condition(auth, USER_RESOURCE, user), inArray(user.id, ids))

  handle(
    api,
    userSubmitCall,
    async ({ id, password, passwordPlain, ...fields }, request) => {
      const auth = authOf(request)
      const values: Record<string, unknown> = Object.fromEntries(
        Object.entries(fields).filter(([k]) => k in UserForm.shape),
      )
      if (id) {
        await updateRow(db, r, auth, id, values)
        // a disabled account is out at once, not when its token runs out
        if (values.status === 0) await request.server.sessionControl.endUsers([id])
        return {}
      }
      const hash = await passwordHashOf({ password, passwordPlain })
      if (!hash) throw badRequest('参数校验失败: password: please enter password')
      await insertRow(db, r, auth, { ...values, password: hash, passwordDefault: false })
      return {}
    },
    {
      ...guarded,
      permission: (request) => ((request.body as { id?: string } | undefined)?.id ? 'user_edit' : 'user_add'),
    },
  )

  handle(
    api,
    userUpdateCall,
    async ({ id, ...values }, request) => {
      await updateRow(db, r, authOf(request), id, values)
      if (values.status === 0) await request.server.sessionControl.endUsers([id])
      return {}
    },
    guarded,
  )

  handle(
    api,
    resetPasswordCall,
    async ({ userIds, password, passwordPlain }, request) => {
      const auth = authOf(request)
      const ids = idsIn(userIds)
      if (!ids.length) throw badRequest('参数校验失败: userIds: required')
      // the password itself never travels in a URL (logged on the way): only a JSON body's counts
      const hash = await passwordHashOf({
        password,
        ...(sentInBody(request, 'passwordPlain') ? { passwordPlain } : {}),
      })
      if (!hash) throw badRequest('参数校验失败: password: please enter password')
      // whoever sets a password can sign in as the account: only over accounts the caller governs
      await assertMayManage(db, auth, ids)
      // resolved before the transaction: PGlite's one connection is held inside it
      const inScopeWhere = await inScope(auth, ids)
      await db.transaction(async (tx) => {
        const done = await tx
          .update(user)
          // the person should choose their own password: the console asks until they do
          .set({
            password: hash,
            passwordDefault: true,
            // someone else knows it: the server refuses everything but changing it (core/auth/plugin.ts)
            mustChangePassword: true,
            updateUser: auth.userId,
            updateTime: new Date(),
          })
          .where(inScopeWhere)
          .returning({ id: user.id })
        if (done.length !== new Set(ids).size) throw notFound('用户不存在')
      })
      // whoever held the old password is signed out with it
      await request.server.sessionControl.endUsers(ids)
      return {}
    },
    guarded,
  )

  handle(
    api,
    userGrantCall,
    async (input, request) => {
      const auth = authOf(request)
      const userIds = idsIn(input.userIds ?? input.userId)
      const roleIds = [...new Set(idsIn(input.roleIds))]
      if (!userIds.length || !roleIds.length) throw badRequest('参数校验失败: userIds, roleIds: required')
      await assertMayManage(db, auth, userIds)
      // resolved before the transaction: PGlite's one connection is held inside it
      const inScopeWhere = await inScope(auth, userIds)
      const refs = await referenceScopes(r.references, auth)
      await db.transaction(async (tx) => {
        await assertReferences(tx, auth, r.references, { roleId: roleIds.join(',') }, refs)
        await assertMayAssign(tx, auth, roleIds)
        const done = await tx
          .update(user)
          .set({ roleId: roleIds.join(','), updateUser: auth.userId, updateTime: new Date() })
          .where(inScopeWhere)
          .returning({ id: user.id })
        if (done.length !== new Set(userIds).size) throw notFound('用户不存在')
      })
      // their new roles count from their next request (core/auth/principals.ts)
      await request.server.principals.forget(auth.tenantId, userIds)
      return {}
    },
    guarded,
  )

  handle(
    api,
    employeeTypeCall,
    async (input, request) => {
      const auth = authOf(request)
      const userIds = idsIn(input.userIds)
      if (!userIds.length) throw badRequest('参数校验失败: userIds: required')
      if (input.staffTypeId === undefined) throw badRequest('参数校验失败: staffTypeId: required')
      const staffTypeId = input.staffTypeId || null
      await assertMayManage(db, auth, userIds)
      // resolved before the transaction: PGlite's one connection is held inside it
      const inScopeWhere = await inScope(auth, userIds)
      const refs = await referenceScopes(r.references, auth)
      await db.transaction(async (tx) => {
        await assertReferences(tx, auth, r.references, { staffTypeId }, refs)
        const done = await tx
          .update(user)
          .set({ staffTypeId, updateUser: auth.userId, updateTime: new Date() })
          .where(inScopeWhere)
          .returning({ id: user.id })
        if (done.length !== new Set(userIds).size) throw notFound('用户不存在')
      })
      return {}
    },
    guarded,
  )

  await userSearchRoutes(api, db, (auth) => data.condition(auth, USER_RESOURCE, user), apis, data)
  userOrderRoutes(api, db, (auth) => data.condition(auth, USER_RESOURCE, user), apis)

  handle(api, updateInfoCall, async (values, request) => {
    const auth = authOf(request)
    const done = await db
      .update(user)
      .set({ ...values, updateUser: auth.userId, updateTime: new Date() })
      .where(scoped(user, auth, eq(user.id, auth.userId)))
      .returning({ id: user.id })
    if (!done.length) throw notFound('用户不存在')
    return {}
  })

  handle(
    api,
    platformDetailCall,
    async ({ id }, request) => {
      const row = await findRow(db, r, authOf(request), id)
      return {
        id: row.id,
        account: row.account,
        realName: row.realName,
        userType: row.userType,
        userExt: row.userExt,
      }
    },
    guarded,
  )

  handle(
    api,
    updatePlatformCall,
    async ({ userId, userType, userExt }, request) => {
      const auth = authOf(request)
      await assertMayManage(db, auth, [userId])
      const done = await db
        .update(user)
        .set({
          userType,
          ...(userExt !== undefined ? { userExt } : {}),
          updateUser: auth.userId,
          updateTime: new Date(),
        })
        .where(and(await inScope(auth, [userId])))
        .returning({ id: user.id })
      if (!done.length) throw notFound('用户不存在')
      return {}
    },
    guarded,
  )
}
