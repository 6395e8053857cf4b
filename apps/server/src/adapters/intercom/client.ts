import { type Code, RESULT, type Reply } from './protocol.js'

/**
 * The real protocol client: one POST of `{ Code, Body }` per call to the platform's base URL. A
 * network failure (refused, reset, timed out, not JSON) is `Result` 504, as spec 01 §8 says; the
 * caller never sees an exception for it.
 */
export interface IntercomTransport {
  call(base: string, code: Code, body: Record<string, unknown>): Promise<Reply>
}

export class IntercomClient implements IntercomTransport {
  constructor(private readonly timeoutMs = 5000) {}

  async call(base: string, code: Code, body: Record<string, unknown>): Promise<Reply> {
    try {
      const res = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Code: code, Body: body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      const reply = (await res.json()) as Partial<Reply>
      if (typeof reply.Result !== 'number') return { Result: RESULT.network, Msg: 'reply without Result' }
      return reply as Reply
    } catch (error) {
      return { Result: RESULT.network, Msg: error instanceof Error ? error.message : String(error) }
    }
  }
}
