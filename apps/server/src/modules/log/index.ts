import {
  LOG_VIEW,
  logApiContract,
  logErrorContract,
  logUsualContract,
  webLogUploadCall,
} from '@xpark/contract/schemas'
import { logApi, logError, logUsualTable } from '../../core/audit/index.js'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { button, defineModule, type MenuSeed, type ModuleContext } from '../../core/module.js'

/**
 * blade-log: the usual, API and error logs (read only), and the console's error-log upload.
 * Never public and never for every user (BladeX served its logs without a login, SpringBlade#9):
 * tenant administrators, the platform administrator, and holders of `log_view` read their own
 * tenant's rows only.
 */

export { LOG_VIEW }

/** The three logs (contracts in packages/contract: read only, their own read permissions). */
const SYSTEM = { tenant: true, ...BLADEX_SYSTEM_SCOPES } as const

export const usualLogResource = defineResource({
  contract: logUsualContract,
  table: logUsualTable,
  tag: 'log-usual',
  ...SYSTEM,
})

export const apiLogResource = defineResource({
  contract: logApiContract,
  table: logApi,
  tag: 'log-api',
  ...SYSTEM,
})

export const errorLogResource = defineResource({
  contract: logErrorContract,
  table: logError,
  tag: 'log-error',
  ...SYSTEM,
})

/** What the console's error-log upload is filed as (usual log, `log_id = web`). */
export const WEB_LOG_ID = 'web'

async function logRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  for (const resource of [usualLogResource, apiLogResource, errorLogResource])
    await registerResource(api, db, resource)

  // The console's error-log dialog, "upload to the server" (spec 01 §2, §8). One path, chosen under
  // blade-log beside the log it feeds: any signed-in user may send their own browser's errors.
  handle(api, webLogUploadCall, (entries, request) => {
    authOf(request)
    for (const entry of entries)
      request.server.audit.recordUsual(request, {
        level: 'error',
        logId: WEB_LOG_ID,
        message: entry.stack ? `${entry.message}\n${entry.stack}` : entry.message,
        requestUri: entry.url,
        data: { type: entry.type, info: entry.info, time: entry.time },
      })
    return {}
  })
}

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const LOG_MENUS: MenuSeed[] = [
  {
    code: 'monitor',
    name: '系统监控',
    path: '/monitor',
    source: 'MonitorOutlined',
    sort: 96,
    children: [
      {
        code: 'log',
        name: '日志管理',
        path: '/monitor/log',
        source: 'FileSearchOutlined',
        children: [
          // BladeX's paths and per-log view buttons, so a BladeX client's views map onto them
          {
            code: 'log_usual',
            name: '通用日志',
            path: '/monitor/log/usual',
            source: 'FileTextOutlined',
            children: [button('log_usual_view', '查看', 2)],
          },
          {
            code: 'log_api',
            name: '接口日志',
            path: '/monitor/log/api',
            source: 'ApiOutlined',
            children: [button('log_api_view', '查看', 2)],
          },
          {
            code: 'log_error',
            name: '错误日志',
            path: '/monitor/log/error',
            source: 'BugOutlined',
            children: [button('log_error_view', '查看', 2)],
          },
          // reading logs without being a tenant admin (core/audit, modules/log)
          button(LOG_VIEW, '查看', 2),
        ],
      },
    ],
  },
]

export const logModule = defineModule({ name: 'log', routes: logRoutes, menus: LOG_MENUS })
