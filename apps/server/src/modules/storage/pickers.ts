import { goodsTreeCall, supplierTreeCall, warehouseTreeCall } from '@xpark/contract/modules/storage'
import { asc } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { whereOf } from '../../core/crud/index.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { categoryTree, treeNode } from '../../core/tree.js'
import { classifications, goods, suppliers, warehouses } from './resources.js'
import { storageClassification, storageGoods, storageSupplier, storageWarehouse } from './schema.js'

/**
 * TreeNodes for the console's pickers: warehouses and suppliers (flat), and the goods under their
 * classification tree (goods are the leaves, carrying unit and price for a bill line).
 */
export async function registerPickers(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    warehouseTreeCall,
    async (_, q) => {
      const rows = await db
        .select({ id: storageWarehouse.id, name: storageWarehouse.name })
        .from(storageWarehouse)
        .where(await whereOf(warehouses, authOf(q)))
        .orderBy(asc(storageWarehouse.sort), asc(storageWarehouse.code))
      return rows.map((r) => treeNode(r.id, '0', r.name))
    },
    guard,
  )
  handle(
    api,
    supplierTreeCall,
    async (_, q) => {
      const rows = await db
        .select({ id: storageSupplier.id, name: storageSupplier.name })
        .from(storageSupplier)
        .where(await whereOf(suppliers, authOf(q)))
        .orderBy(asc(storageSupplier.code))
      return rows.map((r) => treeNode(r.id, '0', r.name))
    },
    guard,
  )
  handle(
    api,
    goodsTreeCall,
    async (_, q) => {
      const auth = authOf(q)
      const classes = await db
        .select({
          id: storageClassification.id,
          parentId: storageClassification.parentId,
          name: storageClassification.name,
        })
        .from(storageClassification)
        .where(await whereOf(classifications, auth))
        .orderBy(asc(storageClassification.sort), asc(storageClassification.code))
      const items = await db
        .select({
          id: storageGoods.id,
          classificationId: storageGoods.classificationId,
          code: storageGoods.code,
          name: storageGoods.name,
          unit: storageGoods.unit,
          price: storageGoods.price,
        })
        .from(storageGoods)
        .where(await whereOf(goods, auth))
        .orderBy(asc(storageGoods.code))
      return categoryTree(classes, items, (g) => ({
        category: g.classificationId,
        node: {
          ...treeNode(g.id, g.classificationId, `${g.code} ${g.name}`),
          unit: g.unit,
          price: g.price,
          goodsName: g.name,
        },
      }))
    },
    guard,
  )
}
