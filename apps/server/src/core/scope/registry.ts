import type { FastifyInstance } from 'fastify'
import type { Cache } from '../cache/index.js'
import { ApiScopes } from './api-scope.js'
import { DataScopes, type ScopeSource } from './data-scope.js'

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
  app.decorate('scopes', {
    data: new DataScopes(source, cache),
    api: new ApiScopes(source, cache),
    use: (next: ScopeSource) => {
      current = next
    },
  })
}
