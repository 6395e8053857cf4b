import { defineCall, SIGNED_IN } from '@xpark/contract/calls'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Api } from './api.js'
import { handle } from './calls.js'

/** A bare Fastify with the API's compilers, its warnings kept. */
function appWithLog() {
  const lines: string[] = []
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  return { app: app as unknown as Api, lines }
}

describe('handle()', () => {
  it('a handler that sent its answer itself (a cached text) returns the reply, and nothing is sent twice', async () => {
    const { app, lines } = appWithLog()
    const call = defineCall({
      path: 'test/cached',
      method: 'GET',
      permission: SIGNED_IN,
      reply: z.object({ n: z.number() }),
      summary: 'a cached text',
    })
    const text = '{"code":200,"success":true,"data":{"n":1}}'
    handle(app, call, (_, _request, reply) => reply.type('application/json; charset=utf-8').send(text))
    // the same from an async handler (the cached answers read their text first)
    handle(app, { ...call, path: 'test/cached-async' }, async (_, _request, reply) => {
      await Promise.resolve()
      return reply.type('application/json; charset=utf-8').send(text)
    })
    await app.ready()
    for (const url of ['/test/cached', '/test/cached-async', '/test/cached', '/test/cached-async']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.json()).toEqual({ code: 200, success: true, data: { n: 1 } })
    }
    // without the check, Fastify sends the reply object again and warns, on every request
    expect(lines.join('')).not.toContain('FST_ERR_REP_ALREADY_SENT')
    await app.close()
  })

  it('path parameters are parameters: checked by the declaration and handed to the handler', async () => {
    const { app } = appWithLog()
    const call = defineCall({
      path: 'test/range/:startTime/:endTime',
      method: 'GET',
      permission: SIGNED_IN,
      params: z.object({
        startTime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        endTime: z.string(),
        x: z.string(),
      }),
      reply: z.object({ startTime: z.string(), endTime: z.string(), x: z.string() }),
      summary: 'a range in the path',
    })
    handle(app, call, (params) => params)
    await app.ready()
    const ok = await app.inject({ method: 'GET', url: '/test/range/2026-01-01/2026-01-31?x=1' })
    expect(ok.json().data).toEqual({ startTime: '2026-01-01', endTime: '2026-01-31', x: '1' })
    const bad = await app.inject({ method: 'GET', url: '/test/range/yesterday/2026-01-31?x=1' })
    expect(bad.statusCode).toBe(400)
    await app.close()
  })
})
