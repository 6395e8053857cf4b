import { md5 } from '../core/auth/passwords.js'
import { CONSOLE_BASIC, DEMO_PASSWORD } from './harness.js'
import { type ServerProcess, servingPort, startServer } from './process.js'

/**
 * Several real server processes and a client that talks to them over HTTP, as a load balancer's
 * clients do (scale-out and service-fault tests). Requests carry an X-Forwarded-For address the
 * servers believe (XPARK_TRUST_PROXY=127.0.0.1), so per-address limits can be exercised from one
 * machine.
 */

export const SERVING = /xpark is serving on/

export interface Node {
  server: ServerProcess
  base: string
}

/** Start one server process and wait until it serves (a first start on an empty database seeds it). */
export async function startNode(env: Record<string, string>, timeoutMs = 300_000): Promise<Node> {
  const server = startServer(
    { PORT: '0', XPARK_TRUST_PROXY: '127.0.0.1', XPARK_INTERCOM_SIMULATOR: 'off', ...env },
    SERVING,
    timeoutMs,
  )
  const { output } = await server.done
  return { server, base: `http://127.0.0.1:${servingPort(output)}` }
}

/** Stop a node with SIGTERM (SIGKILL when it hangs) and wait for it to be gone. */
export async function stopNode(node: Node): Promise<void> {
  const { child } = node.server
  if (child.exitCode !== null || child.signalCode) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await node.server.exited
  clearTimeout(timer)
}

export interface Reply<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: T
}

/** One call to a node; the body is parsed JSON (or `{ text }` when it is not JSON). */
export async function call<T = Record<string, unknown>>(
  node: Node,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<Reply<T>> {
  const res = await fetch(`${node.base}/xparkApi${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.from ? { 'x-forwarded-for': init.from } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
  const text = await res.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    body = { text } as T
  }
  return { status: res.status, headers: res.headers, body }
}

export interface TokenBody {
  access_token?: string
  refresh_token?: string
  error_description?: string
}

/** The password grant on a node, from an address, with a captcha when given one. */
export function signIn(
  node: Node,
  options: {
    from: string
    password?: string
    username?: string
    tenantId?: string
    captcha?: { key: string; code: string }
  },
): Promise<Reply<TokenBody>> {
  const query = new URLSearchParams({
    tenantId: options.tenantId ?? '000000',
    username: options.username ?? 'admin',
    password: md5(options.password ?? DEMO_PASSWORD),
    grant_type: 'password',
    scope: 'all',
  })
  return call<TokenBody>(node, `/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    from: options.from,
    headers: {
      authorization: CONSOLE_BASIC,
      ...(options.captcha
        ? { 'captcha-key': options.captcha.key, 'captcha-code': options.captcha.code }
        : {}),
    },
  })
}

/** The refresh grant on a node. */
export function refresh(node: Node, refreshToken: string, from: string): Promise<Reply<TokenBody>> {
  const query = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    tenantId: '000000',
    scope: 'all',
  })
  return call<TokenBody>(node, `/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    from,
    headers: { authorization: CONSOLE_BASIC },
  })
}

export const bearer = (token: string | undefined): Record<string, string> => ({
  'blade-auth': `bearer ${token ?? ''}`,
})
