import { smsContract, smsEnableCall, smsSendCall } from '@xpark/contract/schemas'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { assertCodeFree, keepBlankSecrets, registerEnable } from './configs.js'
import { sms } from './schema.js'
import { resourceService } from './service.js'

const table = { table: sms, id: sms.id, code: sms.smsCode, status: sms.status }

/**
 * blade-resource/sms: a tenant's SMS configurations. Access key and secret key are write-only.
 * New rows start disabled; `enable` picks the one messages go through (with none enabled, the
 * log provider writes them to the usual log).
 */
export const smsResource = defineResource({
  contract: smsContract,
  table: sms,
  tag: 'sms',
  omit: ['accessKey', 'secretKey'],
  // the SMS provider's template and region, not rows of ours
  references: { templateId: false, regionId: false },
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
  beforeWrite: async ({ tx, auth, values, id }) => {
    await assertCodeFree(tx, table, auth, values.smsCode, id, '短信编号已存在')
    keepBlankSecrets(values, ['accessKey', 'secretKey'], id)
  },
})

export async function smsRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, smsResource)
  registerEnable(api, db, smsEnableCall, table)

  const service = resourceService(ctx)
  // BladeX sends `code`, `phones`, `params` as request parameters; a JSON body works as well
  handle(api, smsSendCall, async ({ code, phones, params }, request) => {
    const values = params ? (JSON.parse(params) as Record<string, string | number>) : {}
    const result = await service.sendSms(request, authOf(request).tenantId, {
      code: code || undefined,
      phones: [...new Set(phones.split(',').map((p) => p.trim()))],
      params: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    })
    if (!result.success) throw badRequest(`短信发送失败: ${result.msg}`)
    return result
  })
}
