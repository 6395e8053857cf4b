import { assetContract, assetPlaceContract, PLACE_KIND } from '@xpark/contract/modules/asset'
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { ok } from '../../../core/envelope.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { escapeLike, readPaging, selectPage } from '../../../core/query/index.js'
import { treeNode } from '../../../core/tree.js'
import { warehouses } from '../../storage/index.js'
import { importWarehouses } from '../excel.js'
import { assetPlaces, assets } from '../resources.js'
import { assetPlace } from '../schema.js'
import { idOf, loose } from './input.js'

/** Where assets stand: the storage warehouses (list, import), computer rooms and canteens. */
export function registerPlaceRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  const view = { permission: assetContract.permissions.view }
  const tags = ['asset']

  // the storage module's warehouses (its resource, its data scope)
  api.get(
    '/park-manage/asset/listWarehouse',
    {
      schema: { tags, summary: 'the storage warehouses (paged)', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) => ok(await listRows(db, warehouses, authOf(q), q.query as Record<string, unknown>)),
  )
  const places = async (auth: AuthContext, kind: number, query: Record<string, unknown>) => {
    const name = typeof query.name === 'string' && query.name ? query.name : undefined
    const where: SQL = await whereOf(
      assetPlaces,
      auth,
      eq(assetPlace.kind, kind),
      name ? sql`${assetPlace.name} ilike ${`%${escapeLike(name)}%`}` : undefined,
    )
    return selectPage(db, {
      table: assetPlace,
      where,
      orderBy: [asc(assetPlace.code)],
      paging: readPaging(query),
    })
  }
  api.get(
    '/park-manage/asset/listComputerRoom',
    {
      schema: { tags, summary: 'computer rooms (paged)', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) => ok(await places(authOf(q), PLACE_KIND.computerRoom, q.query as Record<string, unknown>)),
  )
  api.get(
    '/park-manage/asset/listCanteen',
    {
      schema: { tags, summary: 'canteens assets stand in (paged)', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) => ok(await places(authOf(q), PLACE_KIND.canteen, q.query as Record<string, unknown>)),
  )
  // the asset form's place picker: computer rooms and canteens under their kind (only places picked)
  api.get(
    '/park-manage/asset-place/tree',
    {
      schema: { tags, summary: 'places as TreeNodes under their kind (pickers)' },
      config: { permission: assetPlaceContract.permissions.view },
      preHandler: guard,
    },
    async (q) => {
      const rows = await db
        .select({ id: assetPlace.id, kind: assetPlace.kind, name: assetPlace.name })
        .from(assetPlace)
        .where(await whereOf(assetPlaces, authOf(q)))
        .orderBy(asc(assetPlace.kind), asc(assetPlace.code))
      const kinds = [
        [PLACE_KIND.computerRoom, '机房'],
        [PLACE_KIND.canteen, '食堂'],
      ] as const
      return ok(
        kinds.map(([kind, title]) => {
          const children = rows
            .filter((r) => r.kind === kind)
            .map((r) => ({ ...treeNode(r.id, `kind-${kind}`, r.name), isLeaf: true }))
          return { ...treeNode(`kind-${kind}`, '0', title, children.length > 0), children }
        }),
      )
    },
  )
  api.get(
    '/park-manage/asset/detailCanteenById',
    {
      schema: { tags, summary: 'one canteen (id) with its assets', querystring: loose },
      config: view,
      preHandler: guard,
    },
    async (q) => {
      const auth = authOf(q)
      const id = idOf(q.query as Record<string, unknown>)
      const [place] = await db
        .select()
        .from(assetPlace)
        .where(
          await whereOf(assetPlaces, auth, eq(assetPlace.id, id), eq(assetPlace.kind, PLACE_KIND.canteen)),
        )
      if (!place) throw notFound('数据不存在')
      const held = await listRows(db, assets, auth, { placeId: id, size: '1000' })
      return ok({ ...place, assets: held.records })
    },
  )
  api.post(
    '/park-manage/asset/import-warehouse',
    {
      schema: {
        tags,
        summary: 'import storage warehouses (multipart `file`); a bad row writes nothing',
        consumes: ['multipart/form-data'],
      },
      config: { permission: 'asset_import' },
      preHandler: guard,
    },
    async (q) => importWarehouses(db, q),
  )
}
