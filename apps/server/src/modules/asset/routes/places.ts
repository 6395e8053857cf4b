import {
  assetWarehousesCall,
  canteenPlaceCall,
  canteenPlacesCall,
  computerRoomsCall,
  importWarehousesCall,
  PLACE_KIND,
  placeTreeCall,
} from '@xpark/contract/modules/asset'
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { escapeLike, readPaging, selectPage } from '../../../core/query/index.js'
import { treeNode } from '../../../core/tree.js'
import { warehouses } from '../../storage/index.js'
import { importWarehouses } from '../excel.js'
import { assetPlaces, assets } from '../resources.js'
import { assetPlace } from '../schema.js'

/** Where assets stand: the storage warehouses (list, import), computer rooms and canteens. */
export function registerPlaceRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  // the storage module's warehouses (its resource, its data scope)
  handle(api, assetWarehousesCall, (query, q) => listRows(db, warehouses, authOf(q), query), guard)
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
  handle(api, computerRoomsCall, (query, q) => places(authOf(q), PLACE_KIND.computerRoom, query), guard)
  handle(api, canteenPlacesCall, (query, q) => places(authOf(q), PLACE_KIND.canteen, query), guard)
  // the asset form's place picker: computer rooms and canteens under their kind (only places picked)
  handle(
    api,
    placeTreeCall,
    async (_, q) => {
      const rows = await db
        .select({ id: assetPlace.id, kind: assetPlace.kind, name: assetPlace.name })
        .from(assetPlace)
        .where(await whereOf(assetPlaces, authOf(q)))
        .orderBy(asc(assetPlace.kind), asc(assetPlace.code))
      const kinds = [
        [PLACE_KIND.computerRoom, '机房'],
        [PLACE_KIND.canteen, '食堂'],
      ] as const
      return kinds.map(([kind, title]) => {
        const children = rows
          .filter((r) => r.kind === kind)
          .map((r) => ({ ...treeNode(r.id, `kind-${kind}`, r.name), isLeaf: true }))
        return { ...treeNode(`kind-${kind}`, '0', title, children.length > 0), children }
      })
    },
    guard,
  )
  handle(
    api,
    canteenPlaceCall,
    async ({ id }, q) => {
      const auth = authOf(q)
      const [place] = await db
        .select()
        .from(assetPlace)
        .where(
          await whereOf(assetPlaces, auth, eq(assetPlace.id, id), eq(assetPlace.kind, PLACE_KIND.canteen)),
        )
      if (!place) throw notFound('数据不存在')
      const held = await listRows(db, assets, auth, { placeId: id, size: '1000' })
      return { ...place, assets: held.records }
    },
    guard,
  )
  handle(api, importWarehousesCall, (_, q) => importWarehouses(db, q), guard)
}
