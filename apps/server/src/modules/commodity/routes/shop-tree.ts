import { COMMODITY_TYPE_STATUS, SHELF, shopTreeCall } from '@xpark/contract/modules/commodity'
import { asc, eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { categoryTree, treeNode } from '../../../core/tree.js'
import { commodityMessages, commodityTypes } from '../resources.js'
import { commodityMessage, commodityType } from '../schema.js'

/** The shop's tree: enabled types with their listings (on the shelf only, unless all=1), for pickers. */
export function registerShopTreeRoute(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(
    api,
    shopTreeCall,
    async (query, request) => {
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
            query.all === '1' ? undefined : eq(commodityMessage.status, SHELF.on),
          ),
        )
        .orderBy(asc(commodityMessage.sort), asc(commodityMessage.id))
      return categoryTree(types, listings, (l) => ({
        category: l.typeId,
        node: { ...treeNode(l.id, l.typeId, l.name), price: l.price, stock: l.stock },
      }))
    },
    { preHandler: [api.scopes.api.guard] },
  )
}
