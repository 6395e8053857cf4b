import { deskNoticeContract } from '@xpark/contract/schemas'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { parseDateTime } from '../../core/query/index.js'
import { sanitizeRichText } from './sanitize.js'
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
  // a system screen written before the kit: BladeX narrows it by no data-scope rule and no API scope
  scope: false,
  apiScope: false,
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

export async function deskModule(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, noticeResource)
  await shortcutRoutes(api, ctx)
}
