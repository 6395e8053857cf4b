import type { Api } from '../../core/http/api.js'
import { button, defineModule, type MenuSeed, type ModuleContext, screen } from '../../core/module.js'
import { attachRoutes } from './attach.js'
import { ossRoutes } from './oss.js'
import * as tables from './schema.js'
import { resourceService } from './service.js'
import { smsRoutes } from './sms.js'

export { smsRecord } from './schema.js'
export {
  type FileMeta,
  type LogTarget,
  type Owner,
  ResourceService,
  resourceService,
} from './service.js'
export {
  logSmsProvider,
  registerSmsProvider,
  type SmsConfig,
  type SmsContext,
  type SmsMessage,
  type SmsProvider,
  type SmsResult,
} from './sms-providers.js'

/**
 * blade-resource: object storage and SMS configurations, attachments and uploads. Other modules
 * store files and send messages through `resourceService(ctx)` (`storeFile`, `sendSms`).
 */
async function resourceRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  resourceService(ctx)
  await ossRoutes(api, ctx)
  await smsRoutes(api, ctx)
  await attachRoutes(api, ctx)
}

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const RESOURCE_MENUS: MenuSeed[] = [
  {
    code: 'resource',
    name: '资源管理',
    path: '/resource',
    source: 'CloudServerOutlined',
    sort: 94,
    children: [
      screen('oss', '对象存储', '/resource/oss', 'CloudOutlined', [button('oss_enable', '启用', 2)]),
      screen('sms', '短信配置', '/resource/sms', 'MessageOutlined', [
        button('sms_enable', '启用', 2),
        button('sms_send', '发送短信', 2),
      ]),
      {
        code: 'attach',
        name: '附件管理',
        path: '/resource/attach',
        source: 'PaperClipOutlined',
        children: [
          button('attach_upload', '上传', 1),
          button('attach_download', '下载', 2),
          button('attach_delete', '删除', 3),
          button('attach_view', '查看', 2),
        ],
      },
    ],
  },
]

export const resourceModule = defineModule({
  name: 'resource',
  tables,
  routes: resourceRoutes,
  menus: RESOURCE_MENUS,
})
