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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sends none of SECURITY_HEADERS (hashed static files: the headers are for documents) */
    securityHeaders?: boolean
  }
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(SECURITY_HEADERS)
    done()
  })
}
