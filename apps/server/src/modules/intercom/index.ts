import { INTERCOM_PERMISSIONS as PERM } from '@xpark/contract/modules/intercom'
import { IntercomClient } from '../../adapters/intercom/client.js'
import { startIntercomSimulator } from '../../adapters/intercom/simulator.js'
import { button, defineModule, type MenuSeed, type ModuleContext } from '../../core/module.js'
import { EgressPolicy } from '../../core/storage/egress.js'
import { AuthInfoStore } from './auth-info.js'
import { LocationFeed } from './feed.js'
import { IntercomOperations } from './operations.js'
import { intercomRoutes } from './routes.js'
import * as tables from './schema.js'
import { IntercomSessions, SESSION_REFRESH_MS } from './session.js'

/**
 * The wireless intercom dispatch console (spec 01 §2-§5, §8; issue 12): the dispatcher auth info,
 * the wireless session, and our routes for the platform's operations. See docs/modules/intercom.md.
 */

const MENUS: MenuSeed[] = [
  {
    code: 'intercom',
    name: '无线对讲',
    path: '/intercom',
    source: 'CustomerServiceOutlined',
    sort: 60,
    children: [
      {
        code: 'intercom_console',
        name: '调度台',
        path: '/intercom/console',
        source: 'AimOutlined',
        children: [
          button(PERM.view, '查看', 2),
          button(PERM.session, '重新获取会话', 1),
          button(PERM.permission, '成员权限', 2),
          button(PERM.monitor, '监控名单', 1),
          button(PERM.fence, '电子围栏', 1),
          button(PERM.broadcast, '广播', 1),
        ],
      },
      {
        code: 'wirelessauth',
        name: '调度账号',
        path: '/intercom/auth',
        source: 'KeyOutlined',
        children: [button(PERM.authView, '查看', 2), button(PERM.authEdit, '修改', 2)],
      },
    ],
  },
]

/** One set of services per app: the sessions share the cache, so every process sees one session per tenant. */
const services = new WeakMap<ModuleContext, IntercomSessions>()

export const intercomModule = defineModule({
  name: 'intercom',
  tables,
  menus: MENUS,
  product: { name: '无线对讲', remark: '对讲调度台: 组织成员、位置、电子围栏、广播与监控' },
  staff: ['intercom', 'intercom_console', PERM.view],
  jobs: [
    {
      // keep the demo tenant's and every configured tenant's session fresh without waiting for a call
      name: 'intercom-session-refresh',
      everySeconds: SESSION_REFRESH_MS / 1000,
      run: async (ctx) => {
        const sessions = services.get(ctx)
        if (!sessions) return
        const { intercomAuth } = tables
        const rows = await ctx.database.db.select({ tenantId: intercomAuth.tenantId }).from(intercomAuth)
        for (const { tenantId } of rows) await sessions.session(tenantId, true)
      },
    },
  ],
  routes: async (api, ctx) => {
    const simulator = ctx.config.intercomSimulator
      ? await startIntercomSimulator({
          tickMs: 1000,
          ...(ctx.config.intercomSimulatorMembers ? { members: ctx.config.intercomSimulatorMembers } : {}),
        })
      : null
    if (simulator) api.addHook('onClose', () => simulator.close())
    const store = new AuthInfoStore(
      ctx.database,
      ctx.secrets,
      { base: () => simulator?.url ?? ctx.config.intercomBase, demo: !!simulator },
      new EgressPolicy(ctx.config.ossAllowPrivate),
    )
    const sessions = new IntercomSessions({ cache: ctx.cache, transport: new IntercomClient(), store })
    services.set(ctx, sessions)
    const operations = new IntercomOperations(sessions)
    const feed = new LocationFeed(operations, ctx.realtime, ctx.cache)
    api.addHook('onClose', async () => feed.stop())
    await intercomRoutes(api, {
      store,
      sessions,
      operations,
      realtime: ctx.realtime,
      tileUrl: ctx.config.mapTileUrl,
      feed,
      simulator: ctx.config.env === 'production' ? null : simulator,
    })
  },
})
