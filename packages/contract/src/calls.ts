import type { z } from 'zod'

/**
 * A hand-written route, declared once (issue 27): where it answers, what it takes, what it answers
 * and what its caller must hold. The server registers its handler against the declaration
 * (`core/http/calls.ts`: validation, permission, OpenAPI with the reply schema, the envelope); the
 * console calls it through the typed client (`api/calls.ts`), so no screen writes an API path as a
 * string and a reply that drifts from its declaration fails the server's tests. The kit's resources
 * declare their routes through `defineContract` (kit.ts); this is for everything else.
 */

/** Any signed-in caller of the tenant (its own data: `menu/routes`, `user/info`…). */
export const SIGNED_IN = '@signed-in'
/** The platform administrator only. */
export const ADMINISTRATOR = '@administrator'
/** A tenant's `admin` (or the platform administrator). */
export const TENANT_ADMIN = '@tenant-admin'

/** A button code, a marker above, or a list: any one of them. */
export type CallPermission = string | readonly string[]

/** DELETE: a BladeX route removing by ids in the query (`center-web-message/delete`) */
export type CallMethod = 'GET' | 'POST' | 'DELETE'

/**
 * Where the parameters are read: the query string, the JSON body, or both merged (`either`: BladeX
 * clients send a POST's parameters either way; the body wins a name sent twice).
 */
export type ParamsIn = 'query' | 'body' | 'either'

export interface CallInput<P extends z.ZodType | undefined, R extends z.ZodType | undefined> {
  /** under the API base (`andchu/order/refundOrderBy`) */
  path: string
  /** the method the console uses; `methods` when the route answers more (an export by GET and POST) */
  method: CallMethod
  methods?: readonly CallMethod[]
  /** further paths answering the same (a BladeX client's older name of the route, or with a trailing slash) */
  also?: readonly string[]
  /** the request is a multipart upload (field `file`); the parameters come from the query */
  upload?: true
  /** what the caller must hold; absent only with `public` */
  permission?: CallPermission
  /** no token needed (rate limited by the server where it says so) */
  public?: true
  /** the parameters, validated at the edge (400 with the field's message, nothing done) */
  params?: P
  /** default: a GET's (or an upload's) from the query, a POST's from `either` */
  in?: ParamsIn
  /**
   * the envelope's `data`; absent: the route answers on its own terms (a file, a server-sent event
   * stream, a provider's own reply body), whatever its handler returns or writes
   */
  reply?: R
  /**
   * the reply is `reply` itself, not BladeX's envelope around it: the OAuth endpoints (`token`,
   * `captcha`, `logout`) answer bare as Spring Security OAuth did
   */
  bare?: true
  /**
   * left out of the OpenAPI document: an event stream (it never ends, so a tool calling every
   * documented GET would wait on it) or a load balancer's probe
   */
  hidden?: true
  /** one line for the OpenAPI document */
  summary: string
  /** the OpenAPI tag (default: the path's second-to-last segment) */
  tag?: string
}

export interface CallContract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> extends CallInput<P, R> {
  in: ParamsIn
  methods: readonly CallMethod[]
  also: readonly string[]
  tag: string
}

/** Declare a hand-written route (checked at once: a route without a permission must say it is public). */
export function defineCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: CallInput<P, R>): CallContract<P, R> {
  const path = input.path.replace(/^\/+|\/+$/g, '')
  if (!input.public && input.permission === undefined)
    throw new Error(`call ${path}: name its permission or say public`)
  if (input.public && input.permission !== undefined)
    throw new Error(`call ${path}: public and a permission: choose one`)
  if (input.bare && !input.reply) throw new Error(`call ${path}: bare names the reply it answers`)
  const segments = path.split('/')
  const methods = input.methods ?? [input.method]
  if (!methods.includes(input.method))
    throw new Error(`call ${path}: ${input.method} is not among its methods`)
  return {
    ...input,
    path,
    methods,
    // an alias keeps its trailing slash (BladeX clients call some routes with one, a path of its own)
    also: (input.also ?? []).map((p) => p.replace(/^\/+/, '')),
    in: input.in ?? (input.method === 'GET' || input.upload ? 'query' : 'either'),
    tag: input.tag ?? segments.at(-2) ?? segments[0] ?? path,
  }
}

/** What a call takes (as a client sends it) and answers. */
export type CallParams<C> =
  C extends CallContract<infer P, z.ZodType | undefined>
    ? P extends z.ZodType
      ? z.input<P>
      : undefined
    : never
export type CallReply<C> =
  C extends CallContract<z.ZodType | undefined, infer R> ? (R extends z.ZodType ? z.output<R> : Blob) : never
