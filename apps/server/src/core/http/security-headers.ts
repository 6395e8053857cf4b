import type { FastifyInstance } from 'fastify'

/**
 * The response headers helmet sends by default (CSP and COEP aside: the console's HTML has its own
 * policy, core/http/csp.ts; stored files theirs), set as one prepared object in one hook. helmet's
 * middleware chain cost every request about 7% of a cached answer's rate (issue 13).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})

/**
 * What a JSON or file answer of the API needs of them: no MIME sniffing, HTTPS only, and not to be
 * loaded by another site. The rest are for documents (framing, referrers, the old download and XSS
 * switches), which the API does not serve: sent on every API call they were 617 of a cached answer's
 * header bytes, and the bytes a reply writes are most of what a small cached answer costs (issue 27).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': SECURITY_HEADERS['cross-origin-resource-policy']!,
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': SECURITY_HEADERS['x-content-type-options']!,
})

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route sends none of SECURITY_HEADERS (hashed static files: the headers are for
     * documents); 'api': only API_SECURITY_HEADERS (every route of the API scope but its documents)
     */
    securityHeaders?: boolean | 'api'
  }
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const kind = request.routeOptions.config.securityHeaders
    if (kind === 'api') reply.headers(API_SECURITY_HEADERS)
    else if (kind !== false) reply.headers(SECURITY_HEADERS)
    done()
  })
}

/** In the API scope, before its routes: they answer JSON and files, with the API's headers only. */
export function markApiRoutes(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    route.config = { securityHeaders: 'api', ...(route.config as object) } as typeof route.config
  })
}
