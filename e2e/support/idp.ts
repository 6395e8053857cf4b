import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback for the third-party
 * sign-in spec: the browser signs in on its development login form (any login name), consent is
 * granted without a prompt. The xpark server reaches it over plain http, which it allows for
 * loopback issuers only.
 */
export interface E2eIdp {
  issuer: string
  clientId: string
  clientSecret: string
  close: () => Promise<void>
}

export async function startIdp(redirectUri: string): Promise<E2eIdp> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'xpark-e2e'
  const clientSecret = 'e2e-loopback-secret-0123456789'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['e2e-loopback-cookie-key'] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, preferred_username: id, name: id, email: `${id}@example.test` }),
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session
      const client = ctx.oidc.client
      if (!session?.accountId || !client) return undefined
      const grantId = session.grantIdFor(client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
