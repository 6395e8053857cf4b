import {
  HOME_CONFIG_PERMISSION,
  homeConfigListCall,
  homeConfigSubmitCall,
  myHomeCardsCall,
} from '@xpark/contract/modules/message'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { badRequest } from '../../core/errors.js'
import { Answer, handle } from '../../core/http/calls.js'
import { button, defineModule } from '../../core/module.js'
import { scoped, stamped, touched } from '../../core/tenancy.js'
import { role } from '../authority/index.js'
import * as tables from './schema.js'

const { homePageConfig } = tables

/**
 * Home page configuration (`/home-page-configuration/index`): which cards `/wel/index` shows to each
 * role. The card keys are the console's (its features fill the home page's slot); the server keeps
 * them as given, in order. A caller sees the union of its roles' cards; none configured: the defaults.
 */

export const ROLE_MISSING = '角色不存在'

const cardsOf = (text: string) => text.split(',').filter(Boolean)

const HOME_MENUS = [
  {
    code: 'home_page_config',
    name: '首页配置',
    path: '/home-page-configuration/index',
    source: 'HomeOutlined',
    sort: 92,
    children: [
      button(HOME_CONFIG_PERMISSION.view, '查看', 2),
      button(HOME_CONFIG_PERMISSION.edit, '修改', 2),
    ],
  },
]

export const homeModule = defineModule({
  name: 'home',
  tables,
  menus: HOME_MENUS,
  product: { name: '首页配置', remark: '按角色配置首页卡片' },
  routes: async (api, ctx) => {
    const db = ctx.database.db
    handle(api, homeConfigListCall, async (_, request) => {
      const auth = authOf(request)
      const rows = await db
        .select({ roleId: role.id, roleName: role.roleName, cards: homePageConfig.cards })
        .from(role)
        .leftJoin(
          homePageConfig,
          and(
            eq(homePageConfig.roleId, role.id),
            eq(homePageConfig.tenantId, role.tenantId),
            eq(homePageConfig.isDeleted, 0),
          ),
        )
        .where(scoped(role, auth))
        .orderBy(asc(role.id))
      return rows.map((r) => ({ ...r, cards: r.cards === null ? null : cardsOf(r.cards) }))
    })

    handle(api, homeConfigSubmitCall, async ({ roleId, cards }, request) => {
      const auth = authOf(request)
      const text = [...new Set(cards)].join(',')
      await db.transaction(async (tx) => {
        const [known] = await tx
          .select({ id: role.id })
          .from(role)
          .where(scoped(role, auth, eq(role.id, roleId)))
        if (!known) throw badRequest(ROLE_MISSING)
        const [current] = await tx
          .select({ id: homePageConfig.id })
          .from(homePageConfig)
          .where(scoped(homePageConfig, auth, eq(homePageConfig.roleId, roleId)))
          .for('update')
        if (current)
          await tx
            .update(homePageConfig)
            .set(touched(homePageConfig, auth, { cards: text }) as never)
            .where(eq(homePageConfig.id, current.id))
        else
          await tx
            .insert(homePageConfig)
            .values(stamped(homePageConfig, auth, { roleId, cards: text }) as never)
            .onConflictDoNothing()
      })
      return new Answer({ roleId, cards: cardsOf(text) }, '更新成功')
    })

    handle(api, myHomeCardsCall, async (_, request) => {
      const auth = authOf(request)
      if (auth.roleIds.length === 0) return null
      const rows = await db
        .select({ cards: homePageConfig.cards })
        .from(homePageConfig)
        .where(scoped(homePageConfig, auth, inArray(homePageConfig.roleId, auth.roleIds)))
        .orderBy(asc(homePageConfig.roleId))
      if (rows.length === 0) return null
      return [...new Set(rows.flatMap((r) => cardsOf(r.cards)))]
    })
  },
})
