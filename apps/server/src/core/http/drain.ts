import type { FastifyInstance } from 'fastify'
import { fail } from '../envelope.js'

/** How long a refused caller is told to wait: another node (or this one, restarted) takes it. */
const DRAIN_RETRY_AFTER_SECONDS = 1

/**
 * While the server closes, a request that still arrives (on a keep-alive connection that was busy when
 * the close began, or pipelined behind one) is refused with a 503 in the envelope, as every other
 * refusal is, with `Connection: close` so the client reconnects elsewhere. Fastify's own closing reply
 * (`return503OnClosing`, which the app turns off) is a bare `{error, message, statusCode}` body.
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done()
    reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
      .send(fail('服务正在停止,请稍后再试', 503))
  })
}
