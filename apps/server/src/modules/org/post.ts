import { postContract, postSearchCall, postSelectCall } from '@xpark/contract/schemas'
import { asc, eq, ne, sql } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { user } from '../identity/index.js'
import { textArray } from './dept.js'
import { post } from './schema.js'

/** blade-system/post: a tenant's posts (job titles), plain factory CRUD plus a select list. */
export const postResource = defineResource({
  contract: postContract,
  table: post,
  ...BLADEX_SYSTEM_SCOPES,
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (values.postCode === undefined) return
    const [clash] = await tx
      .select({ id: post.id })
      .from(post)
      .where(scoped(post, auth, eq(post.postCode, values.postCode), id ? ne(post.id, id) : undefined))
      .limit(1)
    if (clash) throw badRequest(`岗位编号已存在: ${values.postCode}`)
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    const [holder] = await tx
      .select({ id: user.id })
      .from(user)
      .where(scoped(user, auth, sql`string_to_array(${user.postId}, ',') && ${textArray(ids)}`))
      .limit(1)
    if (holder) throw badRequest('请先解除用户与该岗位的关联!')
  },
})

export async function postRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, postResource)
  const picks = { id: post.id, postCode: post.postCode, postName: post.postName, category: post.category }
  handle(api, postSelectCall, async (_params, request) =>
    db
      .select(picks)
      .from(post)
      .where(scoped(post, authOf(request)))
      .orderBy(asc(post.sort), asc(post.id)),
  )
  // BladeX SearchController: the tenant's posts matching a name, for pickers
  handle(api, postSearchCall, async (query, request) =>
    db
      .select(picks)
      .from(post)
      .where(scoped(post, authOf(request), ...postResource.filterSet.conditions(query)))
      .orderBy(asc(post.sort), asc(post.id)),
  )
}
