import type { CallContract, CallMethod } from '@xpark/contract/calls'
import type { FastifyContextConfig, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { z } from 'zod'
import type { RoutePermission } from '../auth/route-permissions.js'
import { ok } from '../envelope.js'
import { badRequest } from '../errors.js'
import type { Api } from './api.js'
import { envelopeOf } from './wire.js'

/**
 * The server side of a declared hand-written route (`@xpark/contract/calls`): the declaration gives
 * the path, method, permission, parameter and reply schemas (OpenAPI shows both, the tests check every
 * reply against its schema); the module gives only the handler. Parameters are validated before the
 * handler runs (400 `参数校验失败: field: message`, nothing done), read from the query, the JSON body,
 * or both merged as the declaration says.
 */

/** What the handler gets: the parameters as parsed (defaults and transforms applied). */
export type Params<C> =
  C extends CallContract<infer P, z.ZodType | undefined>
    ? P extends z.ZodType
      ? z.output<P>
      : undefined
    : never
/**
 * What the handler answers: anything the wire serialiser writes as the reply schema says (dates and
 * bigint ids as they come from the database); the test suite parses every reply against the schema.
 */
type Data = unknown

/** A reply with a message of its own (`退款成功`; default `操作成功`). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

export interface CallOptions {
  /** chosen per request, or a second code beside the declaration's (a submit: add or edit by `id`) */
  permission?: RoutePermission
  /** after the permission check: API scope, rate limits */
  preHandler?: readonly preHandlerAsyncHookHandler[]
  /** extra route options (an `onResponse` that logs a download) */
  route?: Record<string, unknown>
  /**
   * route flags the request hooks read beside the permission: `beforePasswordChange` (callable while
   * an initial password must still be changed), `guest` (callable with a guest token)
   */
  config?: Omit<FastifyContextConfig, 'permission' | 'public' | 'call'>
}

/** Parse with the edge's message format (400 `参数校验失败: field: message`). */
export function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
  throw badRequest(`参数校验失败: ${problems.join('; ')}`)
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/** Every field optional and extra ones let through: the shape OpenAPI shows for merged parameters. */
function looseShape(params: z.ZodType | undefined): z.ZodType {
  if (params instanceof z.ZodObject)
    try {
      return params.partial().loose()
    } catch {
      // an object with refinements cannot be made partial: its fields still show below
    }
  return z.record(z.string(), z.unknown())
}

/** The names of a path's parameters (`park-storage/parkAlarm/list/:startTime/:endTime`). */
function pathParams(path: string): string[] {
  return path.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : []))
}

/** A parameter object split into the path's and the rest (none when the path names none). */
function splitPath(
  params: z.ZodType | undefined,
  names: readonly string[],
): { path: z.ZodType; rest: z.ZodType } | undefined {
  if (!names.length) return undefined
  // zod types a mask by the shape's keys; these are the path's, checked by Fastify against the schema
  const mask = Object.fromEntries(names.map((n) => [n, true as const])) as Record<string, true> &
    Record<number, never>
  if (params instanceof z.ZodObject)
    try {
      return { path: params.pick(mask), rest: params.omit(mask) }
    } catch {
      // refinements: checked whole when parsed below
    }
  return {
    path: z.object(Object.fromEntries(names.map((n) => [n, z.string()]))),
    rest: z.record(z.string(), z.unknown()),
  }
}

/** Register the handler of a declared route. */
export function handle<C extends CallContract>(
  api: Api,
  call: C,
  handler: (
    params: Params<C>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<Data | Answer<Data>> | Data | Answer<Data>,
  options: CallOptions = {},
): void {
  const params = call.params
  const pathNames = pathParams(call.path)
  // what OpenAPI shows and Fastify checks the shape of; the values are parsed below, merged as declared
  const open = looseShape(params)
  const posts = call.methods.includes('POST') && !call.upload
  // the path's parameters are checked as the path's; the query's schema has the rest
  const split = splitPath(params, pathNames)
  // a query-only call without path parameters: Fastify's validator (zod) already parsed the query
  // with `params` itself (the querystring schema below); it is not parsed twice per request
  const queryParsed = call.in === 'query' && !split && params !== undefined
  const schema: Record<string, unknown> = {
    tags: [call.tag],
    summary: call.summary,
    ...(call.hidden ? { hide: true } : {}),
    ...(call.upload ? { consumes: ['multipart/form-data'] } : {}),
    ...(split ? { params: split.path } : {}),
    ...(call.in !== 'body'
      ? { querystring: call.in === 'query' && params ? (split?.rest ?? params) : open }
      : {}),
    ...(call.reply ? { response: { 200: call.bare ? call.reply : envelopeOf(call.reply) } } : {}),
  }
  const body =
    posts && call.in !== 'query' ? { body: (call.in === 'body' && params ? params : open).nullish() } : {}
  // a GET takes no body schema (Fastify refuses one): a route answering GET and POST (an export) is
  // registered once per method, the POST with its body
  const routes: [CallMethod[], Record<string, unknown>][] =
    posts && call.methods.includes('GET') && 'body' in body
      ? [
          [['GET'], schema],
          [call.methods.filter((m) => m !== 'GET'), { ...schema, ...body }],
        ]
      : [[[...call.methods], { ...schema, ...body }]]
  const inputOf = (request: FastifyRequest): unknown => {
    const sent =
      call.in === 'query'
        ? request.query
        : call.in === 'body'
          ? // the body as sent: an object, or a list where the declaration takes one (a batch)
            (request.body ?? {})
          : { ...(request.query as Record<string, unknown>), ...bodyOf(request) }
    // a path naming its parameters (`…/list/:startTime/:endTime`): they are parameters like the others
    return pathNames.length ? { ...(sent as object), ...(request.params as object) } : sent
  }
  for (const path of [call.path, ...call.also])
    for (const [method, routeSchema] of routes)
      api.route({
        method,
        url: `/${path}`,
        schema: routeSchema,
        config: {
          ...options.config,
          call,
          ...(call.public ? { public: true } : { permission: options.permission ?? call.permission }),
        },
        ...(options.preHandler ? { preHandler: [...options.preHandler] } : {}),
        ...options.route,
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const values = (
            queryParsed ? request.query : params ? parsed(params, inputOf(request)) : undefined
          ) as Params<C>
          const out = handler(values, request, reply)
          // a handler that sent its answer itself (a cached text as stored, a redirect) returns the
          // reply, which is a thenable: awaited, it settles once the answer is out. Nothing more to send
          // then (Fastify would send again and log that the reply was already sent)
          if (out === reply) return undefined
          const result = await out
          if (result === reply || reply.sent || reply.raw.headersSent) return undefined
          if (!call.reply || call.bare) return result
          return result instanceof Answer ? ok(result.data, result.msg) : ok(result)
        },
      } as never)
}
