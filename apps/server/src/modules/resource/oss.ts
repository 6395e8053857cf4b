import { OSS_CATEGORY, ossContract, ossEnableCall } from '@xpark/contract/schemas'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import type { EgressPolicy } from '../../core/storage/index.js'
import { assertCodeFree, keepBlankSecrets, mergedRow, registerEnable } from './configs.js'
import { oss } from './schema.js'
import { resourceService } from './service.js'

const table = { table: oss, id: oss.id, code: oss.ossCode, status: oss.status }

/**
 * blade-resource/oss: a tenant's object storage configurations. The S3 kinds (minio, qiniu, ali,
 * tencent) need endpoint, access key, secret key and bucket; the local disk kind needs none.
 * New rows start disabled; `enable` picks the one uploads go to.
 */
export const ossResource = (egress: EgressPolicy) =>
  defineResource({
    contract: ossContract,
    table: oss,
    tag: 'oss',
    omit: ['secretKey'],
    tenant: true,
    ...BLADEX_SYSTEM_SCOPES,
    // the storage provider's application id, not a row of ours
    references: { appId: false },
    beforeWrite: async ({ tx, auth, values, id }) => {
      await assertCodeFree(tx, table, auth, values.ossCode, id, 'OSS编号已存在')
      keepBlankSecrets(values, ['secretKey'], id)
      const row = await mergedRow<Record<string, unknown>>(tx, table, values, id)
      if (row.category !== OSS_CATEGORY.local) {
        const missing = ['endpoint', 'accessKey', 'secretKey', 'bucketName'].filter((f) => !row[f])
        if (missing.length)
          throw badRequest(
            `参数校验失败: ${missing.map((f) => `${f}: required for this category`).join('; ')}`,
          )
        // names are checked again at every connection (core/storage/egress.ts); an address can be refused now
        const host = URL.canParse(String(row.endpoint)) ? new URL(String(row.endpoint)).hostname : ''
        if (egress.refusesHost(host)) throw badRequest(`对象存储地址不允许访问内网地址: ${host}`)
      }
    },
  })

export async function ossRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, ossResource(resourceService(ctx).egress))
  registerEnable(api, ctx.database.db, ossEnableCall, table)
}
