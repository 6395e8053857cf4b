import { COMMODITY_TYPE_STATUS, commodityMessageContract, SHELF } from '@xpark/contract/modules/commodity'
import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { categoryTree, treeNode } from '../../../core/tree.js'
import { commodityMessages, commodityTypes } from '../resources.js'
import { commodityMessage, commodityType } from '../schema.js'

/** The shop's tree: enabled types with their listings (on the shelf only, unless all=1), for pickers. */
export function registerShopTreeRoute(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const tags = ['commodityMessage']

  api.get(
    '/commodityMessage/tree',
    {
      schema: {
        tags,
        summary:
          'commodityMessage: types with their listings as a tree (TreeNode; listings carry their price)',
        querystring: z.object({ all: z.enum(['0', '1']).optional() }),
      },
      config: { permission: commodityMessageContract.permissions.view },
      preHandler: [api.scopes.api.guard],
    },
    async (request) => {
      const auth = authOf(request)
      const types = await db
        .select({ id: commodityType.id, parentId: commodityType.parentId, name: commodityType.name })
        .from(commodityType)
        .where(await whereOf(commodityTypes, auth, eq(commodityType.status, COMMODITY_TYPE_STATUS.enabled)))
        .orderBy(asc(commodityType.sort), asc(commodityType.id))
      const listings = await db
        .select({
          id: commodityMessage.id,
          typeId: commodityMessage.typeId,
          name: commodityMessage.name,
          price: commodityMessage.price,
          stock: commodityMessage.stock,
        })
        .from(commodityMessage)
        .where(
          await whereOf(
            commodityMessages,
            auth,
            request.query.all === '1' ? undefined : eq(commodityMessage.status, SHELF.on),
          ),
        )
        .orderBy(asc(commodityMessage.sort), asc(commodityMessage.id))
      return ok(
        categoryTree(types, listings, (l) => ({
          category: l.typeId,
          node: { ...treeNode(l.id, l.typeId, l.name), price: l.price, stock: l.stock },
        })),
      )
    },
  )
}
