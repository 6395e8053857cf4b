import type { ModuleContext } from '../../../app.js'
import type { Api } from '../../../core/http/api.js'
import { userExcelRoutes } from './excel.js'
import { userPhotoRoutes } from './photos.js'
import { userRoutes as userCrudRoutes } from './user.js'

export { userTenantRoutes } from './tenants.js'
export { USER_RESOURCE } from './user.js'

/** blade-user: the user resource and its hand-written routes, and its Excel import and export. */
export async function userRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await userCrudRoutes(api, ctx)
  await userExcelRoutes(api, ctx)
  await userPhotoRoutes(api, ctx)
}
