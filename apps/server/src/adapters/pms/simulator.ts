import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PmsCard, PmsReply } from './protocol.js'

/**
 * A loopback parking system (protocol.ts) for the embedded demo and the tests, used while no
 * `XPARK_PMS_URL` is configured. It keeps the newest version of each card (an older one is ignored)
 * and switches faults: `error` (500 系统繁忙), `reject` (400, the card refused), `timeout` (never
 * answers), `down` (drops the connection); for the next `times` requests or until switched back.
 */
export type PmsFault = 'none' | 'error' | 'reject' | 'timeout' | 'down'

export interface SimulatedCard extends PmsCard {
  cancelled: boolean
}

export interface PmsSimulator {
  endpoint: string
  cards: Map<string, SimulatedCard>
  /** requests received (each attempt), for tests */
  requests: number
  fault(kind: PmsFault, times?: number): void
  close(): Promise<void>
}

export async function startPmsSimulator(options: { unref?: boolean } = {}): Promise<PmsSimulator> {
  const cards = new Map<string, SimulatedCard>()
  let fault: PmsFault = 'none'
  let remaining = Number.POSITIVE_INFINITY
  const state = { requests: 0 }
  const answer = (res: ServerResponse, status: number, body: PmsReply) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    state.requests++
    const now = fault
    if (now !== 'none' && --remaining <= 0) fault = 'none'
    if (now === 'timeout') return // never answered; the client gives up
    if (now === 'down') return void req.socket.destroy()
    if (now === 'error') return answer(res, 500, { ok: false, msg: '停车系统繁忙, 请稍后重试' })
    if (now === 'reject') return answer(res, 400, { ok: false, msg: '停车系统拒绝: 车牌信息有误' })
    const url = new URL(req.url ?? '/', 'http://pms')
    const match = /^\/cards\/([^/]+)\/([^/]+)$/.exec(url.pathname)
    if (!match) return answer(res, 404, { ok: false, msg: 'not found' })
    const key = `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`
    const stored = cards.get(key)
    if (req.method === 'PUT') {
      let body = ''
      for await (const chunk of req) body += chunk
      let card: PmsCard
      try {
        card = JSON.parse(body) as PmsCard
      } catch {
        return answer(res, 400, { ok: false, msg: 'bad json' })
      }
      if (!Number.isInteger(card.version)) return answer(res, 400, { ok: false, msg: 'version required' })
      if (stored && stored.version > card.version) return answer(res, 200, { ok: true, applied: false })
      cards.set(key, { ...card, cancelled: false })
      return answer(res, 200, { ok: true, applied: true })
    }
    if (req.method === 'DELETE') {
      const version = Number(url.searchParams.get('version'))
      if (stored && stored.version > version) return answer(res, 200, { ok: true, applied: false })
      if (stored) cards.set(key, { ...stored, version, cancelled: true })
      return answer(res, 200, { ok: true, applied: true })
    }
    return answer(res, 405, { ok: false, msg: 'method not allowed' })
  }
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  if (options.unref) server.unref()
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cards,
    get requests() {
      return state.requests
    },
    fault(kind, times) {
      fault = kind
      remaining = times ?? Number.POSITIVE_INFINITY
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
