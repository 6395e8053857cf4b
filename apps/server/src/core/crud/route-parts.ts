import type { HttpMethod, RouteSpec } from '@xpark/contract/kit'
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { RoutePermission } from '../auth/route-permissions.js'

/** What the kit's route files share: a body, a handler, a route's access, adding a route. */

export type Body = Record<string, unknown>
export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown

/** What a route requires of its caller (checked before validation) and its further guards (API scope). */
export interface Access {
  permission: RoutePermission
  guards: preHandlerAsyncHookHandler[]
}

/** One route of a resource (several methods and paths where the spec names them). */
export type AddRoute = (
  spec: RouteSpec & { methods: readonly HttpMethod[] },
  summary: string,
  schema: Record<string, unknown>,
  access: Access,
  handler: Handler,
  extra?: Record<string, unknown>,
) => void

export function toSpec(name: string | RouteSpec): RouteSpec & { methods?: readonly HttpMethod[] } {
  return typeof name === 'string' ? { path: name } : name
}
