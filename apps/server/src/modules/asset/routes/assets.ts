import {
  ASSET_STATUS,
  assetPathCall,
  assetUsersCall,
  removeAssetUsersCall,
  saveAssetUserCall,
  stockAssetsCall,
} from '@xpark/contract/modules/asset'
import { asc, eq, inArray } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { listRows, visibleThrough, whereOf } from '../../../core/crud/index.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/index.js'
import { scoped, stamped, touched } from '../../../core/tenancy.js'
import { assets } from '../resources.js'
import { asset, assetUser } from '../schema.js'

/** The ledger's own calls: assets in stock, an asset's path of names, and an asset's users. */
export function registerAssetRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  // assets still in stock (not yet handed out)
  handle(
    api,
    stockAssetsCall,
    (query, q) => listRows(db, assets, authOf(q), { ...query, status: String(ASSET_STATUS.inStock) }),
    guard,
  )
  // "机房 / 机柜 / 服务器": the names from the root asset down to this one
  handle(
    api,
    assetPathCall,
    async (query, q) => {
      const auth = authOf(q)
      let id: string | null = query.id
      const names: string[] = []
      const seen = new Set<string>()
      while (id && !seen.has(id) && names.length < 32) {
        seen.add(id)
        const [row] = await db
          .select({ name: asset.name, parentId: asset.parentId })
          .from(asset)
          .where(await whereOf(assets, auth, eq(asset.id, id)))
        if (!row) break
        names.unshift(row.name)
        id = row.parentId
      }
      if (!names.length) throw notFound('数据不存在')
      return names.join('/')
    },
    guard,
  )
  // the users of one asset (the console's 使用人 dialog; the spec names only save and delete)
  handle(
    api,
    assetUsersCall,
    async (query, q) => {
      const auth = authOf(q)
      const { id } = query
      const [found] = await db
        .select({ id: asset.id })
        .from(asset)
        .where(await whereOf(assets, auth, eq(asset.id, id)))
      if (!found) throw notFound('资产不存在')
      return await db
        .select({
          id: assetUser.id,
          assetId: assetUser.assetId,
          userName: assetUser.userName,
          deptName: assetUser.deptName,
          phone: assetUser.phone,
          startTime: assetUser.startTime,
          remark: assetUser.remark,
        })
        .from(assetUser)
        .where(scoped(assetUser, auth, eq(assetUser.assetId, id), eq(assetUser.isDeleted, 0)))
        .orderBy(asc(assetUser.id))
    },
    guard,
  )
  handle(
    api,
    saveAssetUserCall,
    async (body, q) => {
      const auth = authOf(q)
      const [found] = await db
        .select({ id: asset.id })
        .from(asset)
        .where(await whereOf(assets, auth, eq(asset.id, body.assetId)))
      if (!found) throw badRequest('资产不存在')
      const row = stamped(assetUser, auth, {
        ...body,
        // the contract refused days that do not exist; the server's zone, as every date column
        startTime: body.startTime ? parseDateTime(body.startTime) : null,
      })
      await db.insert(assetUser).values(row as never)
      return { id: String(row.id) }
    },
    guard,
  )
  handle(
    api,
    removeAssetUsersCall,
    async (query, q) => {
      const ids = query.ids.split(',')
      if (!ids.every((i) => /^[1-9]\d{0,18}$/.test(i)))
        throw badRequest('参数校验失败: ids: must be comma-separated ids')
      const auth = authOf(q)
      const wanted = [...new Set(ids)]
      // users of assets the caller may see (the asset resource's scope), resolved before the transaction
      const ofVisibleAssets = await visibleThrough(assets, auth, assetUser.assetId)
      await db.transaction(async (tx) => {
        // touched() keeps is_deleted out of ordinary updates: the removal sets it beside the stamp
        const done = await tx
          .update(assetUser)
          .set({ ...touched(assetUser, auth, {}), isDeleted: 1 } as never)
          .where(scoped(assetUser, auth, inArray(assetUser.id, wanted), ofVisibleAssets))
          .returning({ id: assetUser.id })
        // an unknown or foreign id among them: nothing is removed, as every other remove answers
        if (done.length !== wanted.length) throw notFound('数据不存在')
      })
      return {}
    },
    guard,
  )
}
