import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../../db/client.js'
import type { Principals } from './principals.js'
import type { AuthContext } from './tokens.js'

/** Platform super administrator: role alias `administrator` in the platform tenant. */
export const PLATFORM_TENANT = '000000'

export function isAdministrator(auth: AuthContext): boolean {
  return auth.tenantId === PLATFORM_TENANT && auth.roleAliases.includes('administrator')
}

/** A tenant's administrator (alias `admin`), or the platform administrator. Exact alias match, never a substring. */
export function isTenantAdmin(auth: AuthContext): boolean {
  return isAdministrator(auth) || auth.roleAliases.includes('admin')
}

/** Resolves the button permission codes granted to a caller's roles (provided by the system module). */
export type PermissionResolver = (auth: AuthContext) => Promise<ReadonlySet<string>>

declare module 'fastify' {
  interface FastifyInstance {
    /** filled by the module that owns roles and menus; denies everything until then */
    permissions: { resolve: PermissionResolver }
    /** filled by the module that issues sessions (see SessionControl) */
    sessionControl: SessionControl
    /** who each caller is now (core/auth/principals.ts); the module owning accounts sets its loader */
    principals: Principals
  }
}

/**
 * Ending sessions at once, on every server process (the revocation marks live in the cache). `tx`
 * when the caller is inside a transaction (PGlite has one connection: outside it would wait).
 */
export interface SessionControl {
  /**
   * every session of these accounts (and the sessions switched from them): access tokens refused,
   * refresh tokens revoked; `keepFamily` spares one session (own password change)
   */
  endUsers(userIds: readonly string[], options?: { tx?: DbOrTx; keepFamily?: string }): Promise<void>
  /** every session in these tenants (removed, expired): refresh tokens revoked, records dropped */
  endTenants(tenantIds: readonly string[], tx?: DbOrTx): Promise<void>
}

export function registerPermissions(app: FastifyInstance, principals: Principals): void {
  app.decorate('permissions', { resolve: async () => new Set<string>() })
  app.decorate('sessionControl', { endUsers: async () => {}, endTenants: async () => {} })
  app.decorate('principals', principals)
  // filled by the API scope's routes (route-permissions.ts); decorated here so the root app sees it
  app.decorate('routeTable', [])
}

/** can(user, code): the one question every guard and every button asks. */
export async function can(app: FastifyInstance, auth: AuthContext, code: string): Promise<boolean> {
  if (isAdministrator(auth)) return true
  return (await app.permissions.resolve(auth)).has(code)
}
