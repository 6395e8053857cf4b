import { clientContract } from '@xpark/contract/schemas'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { hashPassword } from '../../core/auth/passwords.js'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { client } from '../auth/index.js'

/**
 * blade-system/client: the OAuth clients of `Authorization: Basic` (modules/auth/clients.ts verifies
 * them). Global and platform-administrator only. The secret is write-only: stored as argon2id, never
 * read back; a new client without one is public (the console's own). On update an absent or empty
 * secret keeps the stored one, so an edit form that cannot show the secret never erases it.
 */
export const clientResource = defineResource({
  contract: clientContract,
  table: client,
  omit: ['clientSecret'],
  tenant: false,
  // the client's own name and BladeX's resource-id list, not rows of ours
  references: { clientId: false, resourceIds: false },
  beforeWrite: async ({ tx, values, id }) => {
    if (values.clientId !== undefined) {
      const [clash] = await tx
        .select({ id: client.id })
        .from(client)
        .where(
          and(
            eq(client.clientId, values.clientId),
            eq(client.isDeleted, 0),
            id ? ne(client.id, id) : undefined,
          ),
        )
        .limit(1)
      if (clash) throw badRequest(`客户端id已存在: ${values.clientId}`)
    }
    if (values.authorizedGrantTypes !== undefined)
      values.authorizedGrantTypes = values.authorizedGrantTypes
        .split(',')
        .map((g) => g.trim())
        .join(',')
    const secret = values.clientSecret
    if (secret === undefined || secret === '') {
      if (id) delete values.clientSecret
      else values.clientSecret = ''
    } else values.clientSecret = await hashPassword(secret)
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    // removing the client one is signed in through would lock the console out at the next refresh
    const rows = await tx
      .select({ clientId: client.clientId })
      .from(client)
      .where(inArray(client.id, [...ids]))
    if (rows.some((r) => r.clientId === auth.clientId))
      throw badRequest(`不能删除当前使用的客户端: ${auth.clientId}`)
  },
})

export async function clientRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, clientResource)
}
