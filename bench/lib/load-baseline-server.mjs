// Bare Fastify with the mixed load's read routes and the same SQL as the built server (load-sql.mjs):
// the ceiling of each read on this machine and this database. No token, no scopes, no logging, no
// compression: the tenant (and role) come in the query string. node-postgres (a pool of 10, as the
// server's) when LOAD_BASELINE_DATABASE_URL is set, else PGlite opened in this process on
// LOAD_BASELINE_PGLITE (a data folder no server holds). Prints { port } on stdout when listening.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { roleMenus, userColumns, userDetail, userPage } from './load-sql.mjs'

const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url))
const { default: Fastify } = await import(pathToFileURL(requireFromServer.resolve('fastify')).href)

let q
let close
if (process.env.LOAD_BASELINE_DATABASE_URL) {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: process.env.LOAD_BASELINE_DATABASE_URL, max: 10 })
  q = async (text, params) => (await pool.query(text, params)).rows
  close = () => pool.end()
} else {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({
    dataDir: join(process.env.LOAD_BASELINE_PGLITE, 'pg'),
    extensions: { pg_trgm },
  })
  q = async (text, params) => (await db.query(text, params)).rows
  close = () => db.close()
}

const columns = await userColumns(q)
// bigint columns come as BigInt from PGlite: sent as strings, as the server sends ids
const json = (data) =>
  JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }, (_, v) =>
    typeof v === 'bigint' ? String(v) : v,
  )
const notFound = JSON.stringify({ code: 404, success: false, data: {}, msg: '数据不存在' })

const app = Fastify({ logger: false })
const send = (reply, text) => reply.header('content-type', 'application/json; charset=utf-8').send(text)

// the server keeps each role set's menus as a prepared answer: so does the baseline (one query per role)
const menusByRole = new Map()
app.get('/routes', async (request, reply) => {
  const roleId = String(request.query.roleId)
  let text = menusByRole.get(roleId)
  if (!text) {
    text = json(await roleMenus(q, roleId))
    menusByRole.set(roleId, text)
  }
  return send(reply, text)
})

app.get('/page', async (request, reply) => {
  const { tenantId, current = '1', size = '10', account, deptId } = request.query
  const page = await userPage(q, columns, {
    tenantId: String(tenantId),
    current: Number(current),
    size: Number(size),
    account,
    deptId,
  })
  return send(reply, json({ ...page, size: Number(size), current: Number(current) }))
})

app.get('/detail', async (request, reply) => {
  const row = await userDetail(q, columns, {
    tenantId: String(request.query.tenantId),
    id: String(request.query.id),
  })
  if (!row) reply.status(404)
  return send(reply, row ? json(row) : notFound)
})

await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`)

const stop = () =>
  app
    .close()
    .then(close)
    .then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
