import { ADMINISTRATOR, SIGNED_IN, TENANT_ADMIN } from '@xpark/contract/calls'
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify'
import { forbidden } from '../errors.js'
import { can, isAdministrator, isTenantAdmin } from './guards.js'
import { authOf } from './plugin.js'

/**
 * Every route names what its caller must hold, in one place: `config.permission`. The API scope
 * refuses to register a route that names nothing (and is not `config.public`), and checks the
 * permission before the body is validated, so a caller without it learns nothing from a 400.
 *
 * - a button code (`user_view`): `can(caller, code)` (the platform administrator holds every code);
 * - `SIGNED_IN`: any signed-in caller of the tenant (its own data: `menu/routes`, `user/info`…);
 * - `ADMINISTRATOR`: the platform administrator only;
 * - `TENANT_ADMIN`: a tenant's `admin` (or the platform administrator);
 * - a list: any one of them; a function: chosen per request (submit: add or edit by `id`).
 */

// the markers are declared with the calls (`@xpark/contract/calls`), which the console shares
export { ADMINISTRATOR, SIGNED_IN, TENANT_ADMIN }

export type PermissionName = string
export type RoutePermission =
  | PermissionName
  | readonly PermissionName[]
  | ((request: FastifyRequest) => PermissionName | readonly PermissionName[])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what the caller must hold (see core/auth/route-permissions.ts); required unless `public` */
    permission?: RoutePermission
    /** the resource the route was made for (core/crud): the sweeps find a route's form through it */
    resource?: unknown
    /** the declared call it answers (core/http/calls.ts) */
    call?: unknown
  }
  interface FastifyInstance {
    /** every API route with what it requires, as registered (the route sweep reads it) */
    routeTable: RouteEntry[]
  }
}

export interface RouteEntry {
  method: string
  url: string
  public: boolean
  permission: RoutePermission | undefined
  /** the resource it was made for, if any (the route config's `resource`) */
  resource?: unknown
  /** the declared call it answers, if any (the route config's `call`) */
  call?: unknown
}

async function holds(request: FastifyRequest, name: PermissionName): Promise<boolean> {
  const auth = authOf(request)
  if (name === SIGNED_IN) return true
  if (name === ADMINISTRATOR) return isAdministrator(auth)
  if (name === TENANT_ADMIN) return isTenantAdmin(auth)
  return can(request.server, auth, name)
}

const refusal = (names: readonly PermissionName[]) =>
  names.includes(ADMINISTRATOR) && names.length === 1
    ? forbidden('仅平台管理员可以操作')
    : forbidden(`缺少权限: ${names.filter((n) => !n.startsWith('@')).join(' / ') || names.join(' / ')}`)

/** The check a route's permission makes (also used by hand where a route checks a second code). */
export async function assertHolds(request: FastifyRequest, permission: RoutePermission): Promise<void> {
  const chosen = typeof permission === 'function' ? permission(request) : permission
  const names = typeof chosen === 'string' ? [chosen] : chosen
  for (const name of names) if (await holds(request, name)) return
  throw refusal(names)
}

const checkRoute: onRequestHookHandler = async (request) => {
  const permission = request.routeOptions.config?.permission
  if (request.routeOptions.config?.public || permission === undefined) return
  await assertHolds(request, permission)
}

/**
 * On the API scope: every route registered after this names its permission (or is public), and has
 * it checked in `preValidation`. `app.routeTable` lists them.
 */
export function registerRoutePermissions(api: FastifyInstance): void {
  const table = api.routeTable
  api.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as {
      public?: boolean
      permission?: RoutePermission
      resource?: unknown
      call?: unknown
    }
    const methods = ([] as string[]).concat(route.method)
    if (methods.every((m) => m === 'HEAD')) return
    if (!config.public && config.permission === undefined)
      throw new Error(
        `route ${methods.join(',')} ${route.url} names no permission (config.permission or config.public)`,
      )
    if (config.public && config.permission !== undefined)
      throw new Error(`route ${route.url} is public and names a permission: choose one`)
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        public: Boolean(config.public),
        permission: config.permission,
        ...(config.resource ? { resource: config.resource } : {}),
        ...(config.call ? { call: config.call } : {}),
      })
    // a signed-in caller is what authentication already guarantees: no second hook to run
    if (config.public || config.permission === SIGNED_IN) return
    const existing = route.preValidation
    route.preValidation = [
      checkRoute,
      ...(existing ? ([] as unknown[]).concat(existing) : []),
    ] as typeof route.preValidation
  })
}
