import { registerResource } from '../../core/crud/index.js'
import type { Api } from '../../core/http/api.js'
import { defineModule, type MenuSeed, type ModuleContext, screen } from '../../core/module.js'
import { appInfoResource, appStartupResource } from './resources.js'
import { registerPublicRoutes } from './routes/public.js'
import * as tables from './schema.js'

/**
 * blade-app: the mobile app's releases (`appInfo`) and splash pages (`appStartup`) of a tenant, with
 * CRUD for the tenant's admins and two public lookups for the app before anyone signs in:
 * `appInfo/public-detail` (also `blade-app/detail`, the spec's "public detail": the newest enabled
 * release of a platform) and `appStartup/current` (the enabled splash pages of now). A public lookup
 * answers one tenant only (`tenantId` parameter, else the `Tenant-Id` header, else 000000), carries
 * no row ids, and is limited per address.
 */

async function appRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, appInfoResource)
  await registerResource(api, db, appStartupResource)

  registerPublicRoutes(api, ctx)
}

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const APP_MODULE_MENUS: MenuSeed[] = [
  {
    code: 'app',
    name: '移动应用',
    path: '/app',
    source: 'MobileOutlined',
    sort: 95,
    children: [
      screen('appinfo', 'APP版本', '/app/info', 'CloudDownloadOutlined'),
      screen('appstartup', '启动页', '/app/startup', 'PictureOutlined'),
    ],
  },
]

export const appModule = defineModule({ name: 'app', tables, routes: appRoutes, menus: APP_MODULE_MENUS })
