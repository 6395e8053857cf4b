import { myShortcutsCall, shortcutContract } from '@xpark/contract/schemas'
import { asc, eq } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { heldMenu, menu } from '../menu/index.js'
import { shortcut } from './schema.js'

/**
 * blade-desk/shortcut: the signed-in user's desk shortcuts. Scoped to the tenant (core) and to the
 * user through the resource's scope hook, so every read and write of the factory sees only the
 * caller's own rows; a new row is stamped with the caller as its owner. A shortcut that names a
 * menu must name one the caller holds.
 */
const ownRows = (auth: AuthContext) => eq(shortcut.userId, auth.userId)

export const shortcutResource = defineResource({
  contract: shortcutContract,
  table: shortcut,
  tag: 'shortcut',
  tenant: true,
  omit: ['userId'],
  // each user's own rows (not the role rules of a data scope), and no API scope (a system screen)
  scope: ownRows,
  apiScope: false,
  // beforeWrite asks more of it: a menu the caller holds
  references: { menuId: { to: menu, message: '菜单不存在或未授权' } },
  beforeWrite: async ({ tx, auth, values, id }) => {
    const row = values as Record<string, unknown>
    if (!id) row.userId = auth.userId
    if (values.menuId === '') row.menuId = null
    if (values.menuId && !(await heldMenu(tx, auth, values.menuId))) throw badRequest('菜单不存在或未授权')
  },
})

export async function shortcutRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, shortcutResource)
  handle(api, myShortcutsCall, (_, request) => {
    const auth = authOf(request)
    return db
      .select({
        id: shortcut.id,
        name: shortcut.name,
        path: shortcut.path,
        menuId: shortcut.menuId,
        source: shortcut.source,
        sort: shortcut.sort,
      })
      .from(shortcut)
      .where(scoped(shortcut, auth, ownRows(auth)))
      .orderBy(asc(shortcut.sort), asc(shortcut.id))
  })
}
