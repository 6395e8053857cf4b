import { defineModule } from '../../core/module.js'
import * as tables from './schema.js'

export { user, userDept, userFilters, userTenant } from './schema.js'

/**
 * The accounts' tables (`blade_user`, `blade_user_dept`, `xpark_user_tenant`), apart from the user
 * module that serves them: departments, posts and roles refuse removal while accounts hold them,
 * data scope reads an account's departments, a new tenant gets its first account, and the business
 * modules name people. They all read these tables, and the user module stands on them too (an account
 * names its tenant, depts, posts and roles), so the tables sit below the whole system area.
 * No routes of its own.
 */
export const identityModule = defineModule({ name: 'identity', tables })
