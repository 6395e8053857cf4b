import { readdirSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * The built console (apps/web/dist) served by the API process, costing no more than a bare static
 * server (issue 14; figures in docs/architecture.md):
 * - files are found once at start; each is read once, on first request, and kept in memory;
 * - `x.br` / `x.gz` written by the build are sent as they are, with `Content-Encoding` and
 *   `Vary: Accept-Encoding`: nothing is compressed per request (these routes skip @fastify/compress);
 * - hashed files under `assets/` are cached for good; they skip the security headers (core/http/security-headers.ts: they are for documents)
 *   and the access log;
 * - index.html is rendered per request with the console's boot data for the request's host in a
 *   `<script type="application/json" id="xpark-boot">` element (data, not script, for CSP), from the
 *   template split once at start and the data cached per host for a few seconds, and never cached by
 *   the browser.
 * A rebuild of the console while the server runs needs a restart (new files are not seen).
 */

export interface ConsoleOptions {
  /** the built console folder */
  root: string
  /**
   * the boot data for the request's host (JSON-serialisable), asked once per host and `bootTtlMs`;
   * when it throws, the page goes out without it (not cached) and the console asks the API itself
   */
  boot: (hostname: string, request: FastifyRequest) => Promise<unknown>
  /** how long a host's boot data is reused (ms) */
  bootTtlMs?: number
  /** the Content-Security-Policy of the console's HTML (core/http/csp.ts) */
  csp?: string
}

/** must match apps/web/src/app/consoleSettings.ts */
export const BOOT_ELEMENT_ID = 'xpark-boot'
const BOOT_CACHE_HOSTS = 256

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
}

type Encoding = 'br' | 'gzip' | 'identity'
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' }

interface Variant {
  path: string
  headers: Record<string, string>
  body?: Promise<Buffer>
}

interface StaticFile {
  /** best first: br, gzip, identity */
  variants: Partial<Record<Encoding, Variant>>
}

/** Whether an Accept-Encoding header accepts `name` (a `;q=0` refuses it). */
export function accepts(header: string | undefined, name: 'br' | 'gzip'): boolean {
  if (!header) return false
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().split(';')
    if (token?.trim().toLowerCase() !== name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  }
  return false
}

/** Every file under root but dot-folders (Vite's manifest) and the compressed copies, by URL path. */
function scan(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (item.name.startsWith('.')) continue
      const path = join(dir, item.name)
      if (item.isDirectory()) walk(path)
      else if (item.isFile() && !/\.(br|gz)$/.test(item.name))
        files.set(`/${relative(root, path).split(sep).join('/')}`, describe(root, path))
    }
  }
  walk(root)
  return files
}

function describe(root: string, path: string): StaticFile {
  const hashed = relative(root, path).startsWith(`assets${sep}`)
  const common = {
    'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    // Vite names bundles by content hash: they never change, so browsers may keep them for good
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  }
  const variants: StaticFile['variants'] = {}
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    const variantPath = path + SUFFIX[encoding]
    let size: number
    try {
      size = statSync(variantPath).size
    } catch {
      continue
    }
    variants[encoding] = {
      path: variantPath,
      headers: {
        ...common,
        'content-length': String(size),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      },
    }
  }
  // a file that has compressed copies answers differently by Accept-Encoding: caches must know
  if (variants.br || variants.gzip)
    for (const variant of Object.values(variants)) variant.headers.vary = 'Accept-Encoding'
  return { variants }
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const header = request.headers['accept-encoding']
  const variant =
    (file.variants.br && accepts(header, 'br') && file.variants.br) ||
    (file.variants.gzip && accepts(header, 'gzip') && file.variants.gzip) ||
    file.variants.identity
  if (!variant) return reply.callNotFound()
  variant.body ??= readFile(variant.path)
  return variant.body.then(
    (body) => reply.headers(variant.headers).send(body),
    () => {
      // gone since start (a rebuild): ask the disk again next time
      variant.body = undefined
      return reply.callNotFound()
    },
  )
}

/** `<script type="application/json">` content that no value can close early (`</script>`, `<!--`). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** Register the console's routes; false when root has no index.html (API only). */
export function registerConsole(app: FastifyInstance, options: ConsoleOptions): boolean {
  let template: string
  try {
    template = readFileSync(join(options.root, 'index.html'), 'utf8')
  } catch {
    return false
  }
  const cut = template.indexOf('</head>')
  const [head, tail] = cut < 0 ? ['', template] : [template.slice(0, cut), template.slice(cut)]
  const ttl = options.bootTtlMs ?? 10_000
  const pages = new Map<string, { expires: number; html: Promise<Buffer> }>()

  const bare = Buffer.from(template)
  async function render(hostname: string, request: FastifyRequest): Promise<Buffer> {
    const data = jsonForScript(await options.boot(hostname, request))
    return Buffer.from(
      `${head}<script type="application/json" id="${BOOT_ELEMENT_ID}">${data}</script>${tail}`,
    )
  }

  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const hostname = request.hostname
    const now = Date.now()
    let page = pages.get(hostname)
    if (!page || page.expires <= now) {
      // hosts come from the client: bound the cache
      if (pages.size >= BOOT_CACHE_HOSTS) pages.clear()
      page = { expires: now + ttl, html: render(hostname, request) }
      pages.set(hostname, page)
    }
    const html = await page.html.catch((err: { statusCode?: number }) => {
      // the console then asks the API itself (and says so when it cannot reach it); not kept
      pages.delete(hostname)
      request.log[err.statusCode === 429 ? 'debug' : 'warn']({ err }, 'console: index.html without boot data')
      return bare
    })
    return reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        // it names the hashed bundles of this build and carries per-host data: always asked again
        'cache-control': 'no-cache',
        ...(options.csp ? { 'content-security-policy': options.csp } : {}),
        'content-length': String(html.length),
      })
      .send(html)
  }
  // a small per-request page: compressing it saves no round trip
  const page = { compress: false, config: { public: true }, schema: { hide: true } } as const
  app.get('/', page, index)
  app.get('/index.html', page, index)

  const files = scan(options.root)
  files.delete('/index.html')
  const asset = {
    compress: false,
    logLevel: 'warn',
    config: { public: true, securityHeaders: false },
    schema: { hide: true },
  } as const
  app.get('/assets/*', asset, (request, reply) => {
    const file = files.get(request.url.split('?')[0] ?? '')
    return file ? send(request, reply, file) : reply.callNotFound()
  })
  // other files (Vite's public folder) get a route each; a name the router would read as a pattern
  // (`:`, `*`, …) or that needs escaping in a URL is left out
  for (const [url, file] of files) {
    if (url.startsWith('/assets/')) continue
    if (/^[\w./~-]+$/.test(url)) app.get(url, asset, (request, reply) => send(request, reply, file))
    else app.log.warn({ file: url }, 'console: file name not served')
  }
  return true
}
