import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth/tokens.js'
import type { Cache } from '../cache/index.js'
import { ApiScopes } from './api-scope.js'
import { DataScopes, type ScopeHook, type ScopeSource } from './data-scope.js'

/**
 * The one data-scope and one API-scope instance of an app, on the Fastify instance: every resource
 * of every module asks them (the CRUD factory turns them on for each tenant resource). The rules come
 * from the module that owns roles and scopes, which plugs its source in at start; until then nothing
 * is narrowed and no path is controlled.
 */

declare module 'fastify' {
  interface FastifyInstance {
    scopes: {
      data: DataScopes
      api: ApiScopes
      /** the owner of roles and scope rules plugs its source in here */
      use(source: ScopeSource): void
    }
  }
}

/**
 * Which app's data scopes answer for a caller. Resource declarations are module-level values shared
 * by every app of a process (the tests run several, each on its own database and cache), so the kit's
 * hook must not hold one app's scopes: it finds them through the caller that app authenticated.
 */
const scopesOfCaller = new WeakMap<AuthContext, DataScopes>()

/** The data-scope hook of a kit resource: the role × resource rules of its code, on its table. */
export function kitScopeHook(resourceCode: string, table: PgTable): ScopeHook {
  return (auth) => {
    const data = scopesOfCaller.get(auth)
    // fail closed: a caller no app authenticated (a hand-made context) has no rules to read
    if (!data) throw new Error(`data scope of ${resourceCode}: the caller was not authenticated by this app`)
    return data.condition(auth, resourceCode, table)
  }
}

export function registerScopes(app: FastifyInstance, cache: Cache): void {
  let current: ScopeSource = {
    dataRules: async () => [],
    deptSubtree: async () => {
      throw new Error('no scope source: the module owning roles did not plug one in')
    },
    apiPaths: async () => [],
  }
  // delegates, so the instances made now follow the source plugged in later
  const source: ScopeSource = {
    dataRules: (roleIds, code) => current.dataRules(roleIds, code),
    deptSubtree: (tenantId, deptIds) => current.deptSubtree(tenantId, deptIds),
    apiPaths: (roleIds) => current.apiPaths(roleIds),
    get links() {
      return current.links
    },
  }
  const data = new DataScopes(source, cache)
  // after every onRequest hook (authentication sets `request.auth` there), before guards and handlers
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.auth) scopesOfCaller.set(request.auth, data)
    done()
  })
  app.decorate('scopes', {
    data,
    api: new ApiScopes(source, cache),
    use: (next: ScopeSource) => {
      current = next
    },
  })
}
