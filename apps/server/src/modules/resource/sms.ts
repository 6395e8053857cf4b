import { SmsSendSchema, smsContract } from '@xpark/contract/schemas'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
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

/** BladeX sends `code`, `phones`, `params` as request parameters; a JSON body works as well. */
const sendQuery = z
  .object({ code: z.string().optional(), phones: z.string().optional(), params: z.string().optional() })
  .loose()

export async function smsRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, smsResource)
  registerEnable(api, db, '/blade-resource/sms', table, 'sms_enable', 'sms')

  const service = resourceService(ctx)
  for (const path of ['/blade-resource/sms/send-message', '/blade-resource/sms/endpoint/send-message'])
    api.post(
      path,
      {
        schema: {
          tags: ['sms'],
          summary:
            'sms: send a message (code: an sms_code, else the enabled configuration; phones comma-separated; params JSON)',
          querystring: sendQuery,
        },
        config: { permission: 'sms_send' },
      },
      async (request) => {
        const body =
          request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
        const parsed = SmsSendSchema.safeParse({ ...request.query, ...body })
        if (!parsed.success)
          throw badRequest(
            `参数校验失败: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`,
          )
        const { code, phones, params } = parsed.data
        const values = params ? (JSON.parse(params) as Record<string, string | number>) : {}
        const result = await service.sendSms(request, authOf(request).tenantId, {
          code: code || undefined,
          phones: [...new Set(phones.split(',').map((p) => p.trim()))],
          params: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
        })
        if (!result.success) throw badRequest(`短信发送失败: ${result.msg}`)
        return ok(result)
      },
    )
}
