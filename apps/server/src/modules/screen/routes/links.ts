import { issueLinkCall, revokeLinkCall, screenLinksCall } from '@xpark/contract/modules/screen'
import { eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { AppError, badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import { issueLink, linksOf, revokeLink } from '../../../core/links/index.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/index.js'
import { screens } from '../resources.js'
import { screen } from '../schema.js'

/** A screen's links: listed without their tokens, issued (the token shown once), revoked. */
export const SCREEN_LINK = 'screen'

export function registerLinkRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  /** The screen if the caller may see it (404 otherwise). */
  const screenFor = async (request: Parameters<typeof authOf>[0], id: string) => {
    const [row] = await db
      .select({ id: screen.id, published: screen.published })
      .from(screen)
      .where(await whereOf(screens, authOf(request), eq(screen.id, id)))
    if (!row) throw notFound('大屏不存在')
    return row
  }

  handle(
    api,
    screenLinksCall,
    async ({ id }, request) => {
      await screenFor(request, id)
      const rows = await linksOf(db, authOf(request).tenantId, SCREEN_LINK, id)
      return rows.map((l) => ({
        id: l.id,
        hint: l.hint,
        expiresAt: l.expiresAt,
        allow: l.allow,
        revoked: l.revokedAt !== null,
        createTime: l.createTime,
        lastUsedAt: l.lastUsedAt,
      }))
    },
    { preHandler: guards },
  )

  handle(
    api,
    issueLinkCall,
    async ({ id, expiresAt, allow }, request) => {
      const auth = authOf(request)
      const row = await screenFor(request, id)
      if (!row.published) throw new AppError(409, '请先发布大屏')
      const until = expiresAt ? parseDateTime(expiresAt) : null
      if (until && until <= new Date()) throw badRequest('有效期须晚于当前时间')
      const link = await issueLink(db, auth, {
        kind: SCREEN_LINK,
        targetId: id,
        expiresAt: until,
        allow: allow ?? '',
      })
      return new Answer(link, '链接已生成')
    },
    { preHandler: guards },
  )

  handle(
    api,
    revokeLinkCall,
    async ({ linkId }, request) => {
      const auth = authOf(request)
      if (!(await revokeLink(db, ctx.realtime, auth.tenantId, linkId))) throw notFound('链接不存在或已撤销')
      return new Answer({}, '链接已撤销')
    },
    { preHandler: guards },
  )
}
