// Bare Fastify with one small JSON route: the ceiling for a Fastify route on this machine.
// Runs as its own process (like the xpark server) so it does not share an event loop with autocannon.
// fastify is resolved the way apps/server resolves it, so the baseline runs the same version.
// With XPARK_BENCH_SAME_BODY=<file> it also answers /bench-same with that file's bytes as brotli: the
// bytes xpark's menu/routes sends, so what a route pays for its answer's size alone can be told apart
// from what xpark's own code costs.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url))
const fastifyPath = requireFromServer.resolve('fastify')
const { version } = requireFromServer('fastify/package.json')
const { default: Fastify } = await import(pathToFileURL(fastifyPath).href)

const app = Fastify({ logger: false })
app.get('/bench', async () => ({ code: 200, success: true, data: { hello: 'world' }, msg: '操作成功' }))
const sameBody = process.env.XPARK_BENCH_SAME_BODY
if (sameBody) {
  const bytes = readFileSync(sameBody)
  app.get('/bench-same', (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(bytes)
  })
}

await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, fastifyVersion: version })}\n`)

const stop = () => app.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
