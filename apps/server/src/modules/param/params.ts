import { ParamRow } from '@xpark/contract/schemas'
import { and, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { isAdministrator } from '../../core/auth/guards.js'
import { CREDENTIAL_REGEX } from '../../core/credentials.js'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { param } from './schema.js'

/** A required text field whose every failure (missing, wrong type, blank) reads as the spec's message. */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`)

/**
 * The parameter form (spec 01 §3, §5). Meant for packages/contract once the console's param screen
 * takes it from there.
 */
export const ParamSchema = z.object({
  paramName: required('please enter parameter name', 255),
  paramKey: required('please enter parameter key', 255),
  paramValue: required('please enter parameter value', 100_000),
  remark: z.string().max(255, 'remark: at most 255 characters').optional(),
})

/** blade-system/param: global system parameters; everyone with param_view reads, the platform administrator writes. */
export const paramResource = defineResource({
  table: param,
  row: ParamRow,
  schema: ParamSchema,
  path: 'blade-system/param',
  permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
  filters: { paramName: 'like', paramKey: 'like' },
  sorts: ['paramName', 'paramKey', 'createTime', 'updateTime'],
  tenant: false, // global table: writes are platform-administrator only (the factory's default for it)
  // platform parameters are read by every tenant's param_view holder: never the ones holding a
  // credential (named so: core/credentials.ts), which only the platform administrator sees
  scope: (auth) =>
    isAdministrator(auth)
      ? undefined
      : sql`lower(regexp_replace(${param.paramKey}, '[_.-]', '', 'g')) !~ ${CREDENTIAL_REGEX}`,
  beforeWrite: async ({ tx, values, id }) => {
    // code reads parameters by key, so a key names one parameter
    if (values.paramKey === undefined) return
    const [clash] = await tx
      .select({ id: param.id })
      .from(param)
      .where(
        and(eq(param.paramKey, values.paramKey), eq(param.isDeleted, 0), id ? ne(param.id, id) : undefined),
      )
      .limit(1)
    if (clash) throw badRequest(`参数键已存在: ${values.paramKey}`)
  },
})

export async function paramRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, paramResource)
}
