import {
  publishedScreensCall,
  publishScreenCall,
  SCREEN_STATUS,
  ScreenLayout,
  viewScreenCall,
} from '@xpark/contract/modules/screen'
import { desc, eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { touched } from '../../../core/tenancy.js'
import { screens } from '../resources.js'
import { screen } from '../schema.js'
import { builtinView, checkLayout, publishedView } from '../screens.js'

/** Publishing (a snapshot of the layout) and what signed-in viewers read. */
export function registerScreenRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  handle(
    api,
    publishScreenCall,
    async ({ id }, request) => {
      const auth = authOf(request)
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ layout: screen.layout })
          .from(screen)
          .where(await whereOf(screens, auth, eq(screen.id, id)))
          .for('update')
        if (!row) throw notFound('大屏不存在')
        const layout = ScreenLayout.safeParse(JSON.parse(row.layout))
        if (!layout.success) throw badRequest('大屏设计有误, 请重新保存')
        checkLayout(layout.data, ctx.statistics)
        await tx
          .update(screen)
          .set(
            touched(screen, auth, {
              published: JSON.stringify(layout.data),
              publishTime: new Date(),
              status: SCREEN_STATUS.published,
            }) as never,
          )
          .where(eq(screen.id, id))
      })
      return new Answer({}, '发布成功')
    },
    { preHandler: guards },
  )

  handle(
    api,
    viewScreenCall,
    async ({ id, builtin }, request) => {
      const auth = authOf(request)
      if (id) return publishedView(db, auth.tenantId, id)
      if (builtin) return builtinView(db, auth.tenantId, builtin)
      throw badRequest('参数校验失败: id: please select a screen')
    },
    { preHandler: guards },
  )

  handle(
    api,
    publishedScreensCall,
    async (_, request) => {
      const auth = authOf(request)
      return db
        .select({
          id: screen.id,
          name: screen.name,
          builtin: screen.builtin,
          publishTime: screen.publishTime,
        })
        .from(screen)
        .where(await whereOf(screens, auth, eq(screen.status, SCREEN_STATUS.published)))
        .orderBy(desc(screen.publishTime))
        .limit(200)
    },
    { preHandler: guards },
  )
}
