import { deskNoticeContract } from '@xpark/contract/schemas'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { defineModule, inSystemMenu, type MenuSeed, type ModuleContext, screen } from '../../core/module.js'
import { parseDateTime } from '../../core/query/index.js'
import { sanitizeRichText } from './sanitize.js'
import * as tables from './schema.js'
import { notice } from './schema.js'
import { shortcutRoutes } from './shortcut.js'

export { sanitizeRichText } from './sanitize.js'

/**
 * blade-desk/notice: a tenant's notices (page, list, detail, submit, remove). The content is
 * sanitised on every write, so what is stored is what may be rendered.
 */
export const noticeResource = defineResource({
  contract: deskNoticeContract,
  table: notice,
  tag: 'notice',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
  beforeWrite: async ({ values }) => {
    const row = values as Record<string, unknown>
    if (typeof values.content === 'string') row.content = sanitizeRichText(values.content)
    if ('releaseTime' in values) {
      const raw = values.releaseTime
      if (!raw) row.releaseTime = null
      else {
        const date = parseDateTime(raw)
        if (!date) throw badRequest(`releaseTime: not a date: ${raw}`)
        row.releaseTime = date
      }
    }
  },
})

async function deskRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, noticeResource)
  await shortcutRoutes(api, ctx)
}

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const DESK_MENUS: MenuSeed[] = [
  inSystemMenu(
    { ...screen('notice', '通知公告', '/desk/notice', 'NotificationOutlined'), sort: 15 },
    { ...screen('shortcut', '快捷方式', '/desk/shortcut', 'ThunderboltOutlined'), sort: 16 },
  ),
]

/** blade-desk: notices and each user's desk shortcuts. */
export const deskModule = defineModule({ name: 'desk', tables, routes: deskRoutes, menus: DESK_MENUS })
