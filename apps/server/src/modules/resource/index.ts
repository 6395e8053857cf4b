import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { attachRoutes } from './attach.js'
import { ossRoutes } from './oss.js'
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
export async function resourceModule(api: Api, ctx: ModuleContext): Promise<void> {
  resourceService(ctx)
  await ossRoutes(api, ctx)
  await smsRoutes(api, ctx)
  await attachRoutes(api, ctx)
}
