import { ASSET_STATUS, AssetUserForm, assetContract } from '@xpark/contract/modules/asset'
import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { listRows, visibleThrough, whereOf } from '../../../core/crud/index.js'
import { ok, status } from '../../../core/envelope.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/index.js'
import { scoped, stamped, touched } from '../../../core/tenancy.js'
import { assets } from '../resources.js'
import { asset, assetUser } from '../schema.js'
import { idOf, loose } from './input.js'

/** The ledger's own calls: assets in stock, an asset's path of names, and an asset's users. */
export function registerAssetRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  const view = { permission: assetContract.permissions.view }
  const tags = ['asset']

  // assets still in stock (not yet handed out)
  api.get(
    '/asset/listStockAsset',
    {
      schema: { tags, summary: 'assets in stock (paged)', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) =>
      ok(
        await listRows(db, assets, authOf(q), {
          ...(q.query as Record<string, unknown>),
          status: String(ASSET_STATUS.inStock),
        }),
      ),
  )
  // "机房 / 机柜 / 服务器": the names from the root asset down to this one
  api.get(
    '/park-manage/asset/concatParentAssetNames',
    {
      schema: {
        tags,
        summary: 'the asset names from the root down to this one, joined by /',
        querystring: loose,
      },
      config: view,
      preHandler: guard,
    },
    async (q) => {
      const auth = authOf(q)
      let id: string | null = idOf(q.query as Record<string, unknown>)
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
      return ok(names.join('/'))
    },
  )
  // the users of one asset (the console's 使用人 dialog; the spec names only save and delete)
  api.get(
    '/park-manage/asset/listAssetUser',
    {
      schema: { tags, summary: 'the users of an asset (id: the asset), oldest first', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) => {
      const auth = authOf(q)
      const id = idOf(q.query as Record<string, unknown>)
      const [found] = await db
        .select({ id: asset.id })
        .from(asset)
        .where(await whereOf(assets, auth, eq(asset.id, id)))
      if (!found) throw notFound('资产不存在')
      return ok(
        await db
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
          .orderBy(asc(assetUser.id)),
      )
    },
  )
  api.post(
    '/park-manage/asset/saveAssetUser',
    {
      schema: { tags, summary: 'add a user of an asset', body: AssetUserForm },
      config: { permission: assetContract.permissions.edit },
      preHandler: guard,
    },
    async (q) => {
      const auth = authOf(q)
      const body = q.body
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
      return ok({ id: String(row.id) }, '操作成功')
    },
  )
  api.post(
    '/park-manage/asset/deleteAssetUser',
    {
      schema: { tags, summary: 'remove users of assets (ids)', querystring: z.object({ ids: z.string() }) },
      config: { permission: assetContract.permissions.edit },
      preHandler: guard,
    },
    async (q) => {
      const ids = q.query.ids.split(',')
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
      return status(true)
    },
  )
}
