import { registerResource } from '../../core/crud/index.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { appInfoResource, appStartupResource } from './resources.js'
import { registerPublicRoutes } from './routes/public.js'

/**
 * blade-app: the mobile app's releases (`appInfo`) and splash pages (`appStartup`) of a tenant, with
 * CRUD for the tenant's admins and two public lookups for the app before anyone signs in:
 * `appInfo/public-detail` (also `blade-app/detail`, the spec's "public detail": the newest enabled
 * release of a platform) and `appStartup/current` (the enabled splash pages of now). A public lookup
 * answers one tenant only (`tenantId` parameter, else the `Tenant-Id` header, else 000000), carries
 * no row ids, and is limited per address.
 */

export async function appModule(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, appInfoResource)
  await registerResource(api, db, appStartupResource)

  registerPublicRoutes(api, ctx)
}
