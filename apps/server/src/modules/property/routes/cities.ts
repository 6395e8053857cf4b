import {
  queryCityAllCall,
  queryCityCall,
  queryHotSpotCall,
  saveHotspotCall,
} from '@xpark/contract/modules/property'
import { and, asc, eq, inArray, like } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { badRequest } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped, stamped, touched } from '../../../core/tenancy.js'
import { region } from '../../region/index.js'
import { propertyHotspot } from '../schema.js'

/** 热门城市: the cities of the region data (level 2), and the tenant's hot ones in its order. */

const CITY = 2
const city = { code: region.code, name: region.name, provinceName: region.provinceName }
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export function registerCityRoutes(api: Api, ctx: ModuleContext) {
  const db = ctx.database.db

  handle(api, queryCityAllCall, async () =>
    db.select(city).from(region).where(eq(region.regionLevel, CITY)).orderBy(asc(region.code)).limit(5000),
  )

  handle(api, queryCityCall, async ({ name, provinceCode }) =>
    db
      .select(city)
      .from(region)
      .where(
        and(
          eq(region.regionLevel, CITY),
          name ? like(region.name, `%${escapeLike(name)}%`) : undefined,
          provinceCode ? eq(region.provinceCode, provinceCode) : undefined,
        ),
      )
      .orderBy(asc(region.code))
      .limit(100),
  )

  handle(api, queryHotSpotCall, async (_, request) =>
    db
      .select({ ...city, sort: propertyHotspot.sort })
      .from(propertyHotspot)
      .innerJoin(region, eq(region.code, propertyHotspot.cityCode))
      .where(scoped(propertyHotspot, authOf(request)))
      .orderBy(asc(propertyHotspot.sort), asc(propertyHotspot.id)),
  )

  handle(api, saveHotspotCall, async ({ cityCodes }, request) => {
    const auth = authOf(request)
    const codes = [...new Set(cityCodes.split(',').filter(Boolean))]
    if (codes.length) {
      const found = await db
        .select({ code: region.code })
        .from(region)
        .where(and(inArray(region.code, codes), eq(region.regionLevel, CITY)))
      if (found.length !== codes.length) throw badRequest('参数校验失败: cityCodes: 城市不存在')
    }
    await db.transaction(async (tx) => {
      await tx
        .update(propertyHotspot)
        .set({ ...touched(propertyHotspot, auth, {}), isDeleted: 1 } as never)
        .where(scoped(propertyHotspot, auth))
      if (codes.length)
        await tx
          .insert(propertyHotspot)
          .values(
            codes.map((cityCode, i) => stamped(propertyHotspot, auth, { cityCode, sort: i + 1 })) as never,
          )
    })
    return { saved: codes.length }
  })
}
