// A bare static server for the same console build, the comparison point of the sign-in figure: node:http,
// nothing else. Per request it stats the file and streams it, preferring the `.br`/`.gz` file the build
// wrote beside it when the browser accepts that encoding (what nginx's gzip_static does). `/` is
// index.html as built (no settings in it), with the extra headers given (the document's security
// headers, as a production static host would be configured). `/xparkApi/*` is passed through to the
// xpark server, so the console's calls work the same as behind a reverse proxy.
// Runs as its own process: `node bare-static-server.mjs <distDir> <apiOrigin> [documentHeadersJson]`;
// prints {"port":n}.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import { extname, join, normalize } from 'node:path'

const [distDir, apiOrigin, documentHeaders = '{}'] = process.argv.slice(2)
if (!distDir || !apiOrigin)
  throw new Error('usage: bare-static-server.mjs <distDir> <apiOrigin> [headersJson]')
const forDocument = JSON.parse(documentHeaders)
const api = new URL(apiOrigin)

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
}

async function fileOf(path) {
  try {
    const info = await stat(path)
    return info.isFile() ? info : null
  } catch {
    return null
  }
}

function proxy(req, res) {
  const upstream = httpRequest(
    { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', () => {
    res.writeHead(502)
    res.end()
  })
  req.pipe(upstream)
}

const server = createServer(async (req, res) => {
  const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname)
  if (pathname.startsWith('/xparkApi/')) return proxy(req, res)
  const relative = normalize(pathname === '/' ? '/index.html' : pathname)
  const path = join(distDir, relative)
  if (relative.includes('..')) return res.writeHead(400).end()
  const accepted = String(req.headers['accept-encoding'] ?? '')
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
    ['identity', ''],
  ]) {
    if (encoding !== 'identity' && !accepted.includes(encoding)) continue
    const info = await fileOf(path + suffix)
    if (!info) continue
    const headers = {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    if (relative === '/index.html') Object.assign(headers, forDocument)
    res.writeHead(200, headers)
    return createReadStream(path + suffix).pipe(res)
  }
  res.writeHead(404).end()
})

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`)
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
