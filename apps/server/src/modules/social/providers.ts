import { oauthProviderContract } from '@xpark/contract/modules/social'
import { defineResource } from '../../core/crud/index.js'
import type { ModuleContext } from '../../core/module.js'
import { oauthProvider } from './schema.js'

/**
 * `blade-system/oauth-provider`: platform-wide, written by the platform administrator only (a global
 * table's default write guard). The client secret is write-only: sealed with the server's secret box
 * (core/secret-box.ts) before it is stored, never answered; on an edit an absent or empty secret keeps
 * the stored one, so a form that cannot show it never erases it.
 */
export function oauthProviders(ctx: Pick<ModuleContext, 'secrets'>) {
  return defineResource({
    contract: oauthProviderContract,
    table: oauthProvider,
    tenant: false,
    omit: ['clientSecret'],
    unique: [{ fields: ['code'], message: '登录方式编码已存在' }],
    // the client id this server has at the provider, not a row of ours
    references: { clientId: false },
    beforeWrite: async ({ values, id }) => {
      const secret = values.clientSecret
      if (secret === undefined || secret === '') {
        if (id) delete values.clientSecret
        else values.clientSecret = ''
      } else values.clientSecret = ctx.secrets.seal(secret)
      if (values.scope !== undefined && !values.scope.trim()) values.scope = 'openid profile email'
      if (values.issuer !== undefined) values.issuer = values.issuer.replace(/\/+$/, '')
    },
  })
}
