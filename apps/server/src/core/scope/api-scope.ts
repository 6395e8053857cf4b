import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { isTenantAdmin } from '../auth/guards.js'
import { authOf } from '../auth/plugin.js'
import type { Cache } from '../cache/index.js'
import { forbidden } from '../errors.js'
import { SCOPE_CACHE_PREFIX, type ScopeSource } from './data-scope.js'

/**
 * API scope (BladeX `permissionAll()`), for routes that opt in by adding `apiScopes.guard` to their
 * preHandlers (the CRUD factory's `guards` option does it for a whole resource).
 *
 * A path is controlled once an API scope whose `scope_path` it contains is defined; a controlled
 * path may be called only by roles granted such a scope (role_scope category 2). Paths no scope
 * mentions stay open to whoever passes the permission check, so defining a scope is what turns the
 * control on. The route's pattern is matched, never the raw URL (a query string cannot smuggle a
 * granted path in). The platform administrator and a tenant's `admin` bypass.
 */
export class ApiScopes {
  constructor(
    private readonly source: ScopeSource,
    private readonly cache: Cache,
  ) {}

  private async paths(key: string, roleIds: readonly string[] | null): Promise<string[]> {
    const hit = await this.cache.get(key)
    if (hit !== null) return JSON.parse(hit) as string[]
    const paths = await this.source.apiPaths(roleIds)
    await this.cache.set(key, JSON.stringify(paths), 600)
    return paths
  }

  /** true when the caller may call this route path */
  async allows(request: FastifyRequest): Promise<boolean> {
    const auth = authOf(request)
    if (isTenantAdmin(auth)) return true
    const path = request.routeOptions.url ?? request.url.split('?')[0]!
    const defined = await this.paths(`${SCOPE_CACHE_PREFIX}api:all`, null)
    if (!defined.some((p) => path.includes(p))) return true
    if (!auth.roleIds.length) return false
    const granted = await this.paths(
      `${SCOPE_CACHE_PREFIX}api:${[...auth.roleIds].sort().join(',')}`,
      auth.roleIds,
    )
    return granted.some((p) => path.includes(p))
  }

  readonly guard: preHandlerAsyncHookHandler = async (request) => {
    if (!(await this.allows(request))) throw forbidden('缺少接口权限')
  }
}
