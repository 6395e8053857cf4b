import { postContract } from '@xpark/contract/schemas'
import { asc, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { user } from '../identity/index.js'
import { textArray } from './dept.js'
import { POST_PICKER } from './pickers.js'
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
  api.get(
    '/blade-system/post/select',
    {
      config: { permission: POST_PICKER },
      schema: { tags: ['post'], summary: 'post: every post of the tenant (for selects)' },
    },
    async (request) =>
      ok(
        await db
          .select({ id: post.id, postCode: post.postCode, postName: post.postName, category: post.category })
          .from(post)
          .where(scoped(post, authOf(request)))
          .orderBy(asc(post.sort), asc(post.id)),
      ),
  )
  // BladeX SearchController: the tenant's posts matching a name, for pickers
  api.get(
    '/blade-system/search/post',
    {
      config: { permission: POST_PICKER },
      schema: {
        tags: ['post'],
        summary: 'post search: id, postCode, postName, category of the tenant posts (postName like)',
        querystring: z.object({ postName: z.string().max(64).optional() }),
      },
    },
    async (request) =>
      ok(
        await db
          .select({ id: post.id, postCode: post.postCode, postName: post.postName, category: post.category })
          .from(post)
          .where(scoped(post, authOf(request), ...postResource.filterSet.conditions(request.query)))
          .orderBy(asc(post.sort), asc(post.id)),
      ),
  )
}
