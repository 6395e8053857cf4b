import {
  HOME_CONFIG_PERMISSION,
  HomeConfigInput,
  HOME_CONFIG_PATHS as P,
} from '@xpark/contract/modules/message'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { SIGNED_IN } from '../../core/auth/route-permissions.js'
import { ok } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
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
const tags = ['home-page-config']

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
    api.get(
      `/${P.list}`,
      {
        schema: {
          tags,
          summary: 'every role of the tenant with its home page cards (null: not configured)',
        },
        config: { permission: [HOME_CONFIG_PERMISSION.view, HOME_CONFIG_PERMISSION.edit] },
      },
      async (request) => {
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
        return ok(rows.map((r) => ({ ...r, cards: r.cards === null ? null : cardsOf(r.cards) })))
      },
    )

    api.post(
      `/${P.submit}`,
      {
        schema: { tags, summary: "set a role's home page cards, in order", body: HomeConfigInput },
        config: { permission: HOME_CONFIG_PERMISSION.edit },
      },
      async (request) => {
        const auth = authOf(request)
        const { roleId, cards } = request.body
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
        return ok({ roleId, cards: cardsOf(text) }, '更新成功')
      },
    )

    api.get(
      `/${P.mine}`,
      {
        schema: {
          tags,
          summary: "the caller's home page cards: its roles' cards in order, null when none is configured",
        },
        config: { permission: SIGNED_IN },
      },
      async (request) => {
        const auth = authOf(request)
        if (auth.roleIds.length === 0) return ok(null)
        const rows = await db
          .select({ cards: homePageConfig.cards })
          .from(homePageConfig)
          .where(scoped(homePageConfig, auth, inArray(homePageConfig.roleId, auth.roleIds)))
          .orderBy(asc(homePageConfig.roleId))
        if (rows.length === 0) return ok(null)
        return ok([...new Set(rows.flatMap((r) => cardsOf(r.cards)))])
      },
    )
  },
})
