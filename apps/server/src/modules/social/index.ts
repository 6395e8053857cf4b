import { guestContract, oauthProviderContract } from '@xpark/contract/modules/social'
import { and, eq, inArray } from 'drizzle-orm'
import { registerResource } from '../../core/crud/index.js'
import { nextId } from '../../core/ids.js'
import { defineModule, inSystemMenu, type MenuSeed, resourceScreen } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { client } from '../auth/index.js'
import { role } from '../authority/index.js'
import { socialFlowRoutes } from './flow.js'
import { GUEST_ROLE_ALIAS, guests, registerGuestRoute, socialGrants } from './guests.js'
import { oauthProviders } from './providers.js'
import * as tables from './schema.js'

export { withProviders } from './flow.js'
export { oauthProvider, socialUser } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const SOCIAL_MENUS: MenuSeed[] = [
  inSystemMenu(
    // OpenID Connect providers (platform-wide: the platform administrator's) and guests' requests
    {
      ...resourceScreen(oauthProviderContract, '第三方登录', '/system/oauth-provider', 'LoginOutlined'),
      sort: 8,
    },
    { ...resourceScreen(guestContract, '访客审核', '/social/guest', 'UserAddOutlined'), sort: 9 },
  ),
]

/**
 * Other ways in (spec 01 §2, §4, §5, §6): OpenID Connect providers, the browser round trip and its
 * one-time ticket, the `social` and `applet` grants, guest registration and approval. The menus
 * (`/system/oauth-provider`, `/social/guest`) are in the system area's seed (compose/seed/menus.ts).
 * See docs/modules/sign-in.md.
 */
export const socialModule = defineModule({
  name: 'social',
  menus: SOCIAL_MENUS,
  tables,
  resources: [guests],
  routes: async (api, ctx) => {
    // the secret box is the app's: this resource is made per app
    await registerResource(api, ctx.database.db, oauthProviders(ctx))
    socialFlowRoutes(api, ctx)
    registerGuestRoute(api, ctx)
    for (const [name, grant] of Object.entries(socialGrants(ctx))) api.tokenGrants.set(name, grant)
    await addSeededGrants(ctx.database.db)
  },
  demo: async ({ tx, tenantId }) => {
    // approving a guest without choosing a role gives this one
    await tx.insert(role).values({
      id: nextId(),
      tenantId,
      roleName: '访客',
      roleAlias: GUEST_ROLE_ALIAS,
      sort: 9,
    })
  },
})

/**
 * The new grants on the seeded clients of an older database (`xpark`: social; `saber`: applet, as
 * BladeX's mobile clients use it), only where an administrator never edited the row (update time
 * equals create time): an edited client keeps what its administrator chose (docs/modules/sign-in.md).
 */
const SEEDED_GRANTS: Record<string, readonly string[]> = { xpark: ['social'], saber: ['social', 'applet'] }

async function addSeededGrants(db: Db): Promise<void> {
  const rows = await db
    .select()
    .from(client)
    .where(and(inArray(client.clientId, Object.keys(SEEDED_GRANTS)), eq(client.isDeleted, 0)))
  for (const row of rows) {
    if (row.updateTime.getTime() !== row.createTime.getTime()) continue
    const have = row.authorizedGrantTypes.split(',').map((g) => g.trim())
    const missing = (SEEDED_GRANTS[row.clientId] ?? []).filter((g) => !have.includes(g))
    if (!missing.length) continue
    await db
      .update(client)
      .set({ authorizedGrantTypes: [...have, ...missing].join(',') })
      .where(eq(client.id, row.id))
  }
}
