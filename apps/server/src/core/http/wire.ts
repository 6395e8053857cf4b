import type { FastifySerializerCompiler } from 'fastify'
import { z } from 'zod'
import { toWireJson } from '../envelope.js'

/**
 * Response schemas: the rows of the contract (`packages/contract`) describe what the wire carries, for
 * the OpenAPI document and the console's types. Replies are written as BladeX JSON (ids and dates as
 * text) without a per-reply validation pass; with `check` on (the test suite) every reply that has a
 * schema is parsed against it after serialisation, so a row that drifts from its contract fails a test.
 */

/** BladeX `R<T>`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() })
}

/** A MyBatis-Plus page of rows. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    records: z.array(row),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
    orders: z.array(z.unknown()),
    searchCount: z.boolean(),
  })
}

/** What a write answers: the row's id (new or updated); BladeX clients read only `success`. */
export const writeReply = envelopeOf(z.object({ id: z.string().optional() }))

export class ResponseMismatch extends Error {
  constructor(url: string, problems: string) {
    super(`reply of ${url} does not match its response schema: ${problems}`)
    this.name = 'ResponseMismatch'
  }
}

function isZod(schema: unknown): schema is z.ZodType {
  return typeof (schema as { safeParse?: unknown })?.safeParse === 'function'
}

export function wireSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, url }) =>
    (data) => {
      const json = toWireJson(data)
      if (check && isZod(schema)) {
        const result = schema.safeParse(JSON.parse(json))
        if (!result.success)
          throw new ResponseMismatch(
            url,
            result.error.issues
              .slice(0, 5)
              .map((i) => `${i.path.join('.')}: ${i.message}`)
              .join('; '),
          )
      }
      return json
    }
}
