import { cardPath, type PmsCard, type PmsReply } from './protocol.js'

/** Talks to a parking system at `endpoint` (protocol.ts); a refusal or an unreachable system throws PmsError. */
export class PmsError extends Error {}

export interface PmsClient {
  /** store the card (a newer version there wins: answers false) */
  upsert(card: PmsCard): Promise<boolean>
  cancel(ref: { tenantId: string; id: string; version: number }): Promise<boolean>
}

export function pmsClient(endpoint: string, options: { timeoutMs?: number } = {}): PmsClient {
  const base = endpoint.replace(/\/+$/, '')
  const send = async (method: string, path: string, body?: unknown): Promise<boolean> => {
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new PmsError(timedOut ? '停车系统响应超时' : '停车系统无法连接')
    }
    const reply = (await res.json().catch(() => null)) as PmsReply | null
    if (!res.ok || !reply?.ok) throw new PmsError(reply?.msg || `停车系统错误 (HTTP ${res.status})`)
    return reply.applied !== false
  }
  return {
    upsert: (card) => send('PUT', cardPath(card.tenantId, card.id), card),
    cancel: ({ tenantId, id, version }) => send('DELETE', `${cardPath(tenantId, id)}?version=${version}`),
  }
}
