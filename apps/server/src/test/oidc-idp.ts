import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the social sign-in
 * tests: discovery, PKCE, the authorization code, ID tokens and userinfo are the package's, not ours.
 * Sign-in is its development login form (any login name); consent is granted without a prompt.
 */

export interface LoopbackIdp {
  issuer: string
  clientId: string
  clientSecret: string
  /** follow the browser's round trip from an authorization URL, signing in as `login`, until a URL
   * starting with `until` (the relying party's redirect URI) — which is returned, not fetched */
  signIn: (authorizationUrl: string, login: string, until: string) => Promise<string>
  close: () => Promise<void>
}

export const PEOPLE: Record<string, { name: string; email: string }> = {
  alice: { name: 'Alice Wang', email: 'alice@example.test' },
  bob: { name: 'Bob Li', email: 'bob@example.test' },
}

export async function startLoopbackIdp(redirectUris: string[]): Promise<LoopbackIdp> {
  const clientId = 'xpark-test'
  const clientSecret = 'loopback-secret-0123456789'
  // the port is known only once listening: the issuer is fixed after
  const { createServer } = await import('node:http')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['loopback-cookie-key'] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        preferred_username: id,
        name: PEOPLE[id]?.name ?? id,
        email: PEOPLE[id]?.email ?? `${id}@example.test`,
      }),
    }),
    // consent without a prompt: the test is about the relying party
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session
      const oidcClient = ctx.oidc.client
      if (!session?.accountId || !oidcClient) return undefined
      const grantId = session.grantIdFor(oidcClient.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({
        clientId: oidcClient.clientId,
        accountId: session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  server.on('request', provider.callback())

  async function signIn(authorizationUrl: string, login: string, until: string): Promise<string> {
    const jar = new Map<string, string>()
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const [key, ...rest] = (pair ?? '').split('=')
        if (key) jar.set(key.trim(), rest.join('='))
      }
    }
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    let url = authorizationUrl
    for (let hop = 0; hop < 20; hop++) {
      if (url.startsWith(until)) return url
      let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } })
      remember(res)
      if (res.status === 200 && url.includes('/interaction/')) {
        // the development login form: post the login name (any password)
        res = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'x' }).toString(),
        })
        remember(res)
      }
      const next = res.headers.get('location')
      if (!next) throw new Error(`loopback IdP: no redirect from ${url} (${res.status}): ${await res.text()}`)
      url = new URL(next, url).href
    }
    throw new Error('loopback IdP: too many redirects')
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
