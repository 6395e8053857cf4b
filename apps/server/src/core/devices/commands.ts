import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { DeviceLink } from './link.js'
import { ackTopic, deviceTopic } from './topics.js'

/**
 * A command to a machine and its acknowledgement (docs/device-protocol.md, "Commands"). The command
 * goes to `…/<machine>/cmd` with an id and the topic to answer on (MQTT 5's response topic and
 * correlation data, and the same in the payload for 3.1.1 machines); the machine answers
 * `{ id, ok, reason? }` there. No answer within the timeout is 超时 (`设备未响应`).
 */
export const COMMAND_TIMEOUT_MS = 10_000

export const COMMAND_RESULTS = { succeeded: 1, failed: 2, timedOut: 3 } as const
export const COMMAND_RESULT_NAMES: Record<number, string> = { 1: '成功', 2: '失败', 3: '超时' }
export const NO_ANSWER = '设备未响应'

export interface CommandRequest {
  tenantId: string
  /** the machine's code (its topic level) */
  machine: string
  control: string
  params?: Record<string, unknown>
  timeoutMs?: number
}

export interface CommandOutcome {
  /** 1 成功, 2 失败, 3 超时 */
  result: 1 | 2 | 3
  /** the machine's reason (失败), `设备未响应` (超时), '' (成功) */
  reason: string
  elapsedMs: number
}

/** What a machine sends back. */
export const commandAck = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  reason: z.string().max(255).optional(),
})

interface Waiting {
  resolve: (outcome: CommandOutcome) => void
  started: number
  timer: NodeJS.Timeout
}

export class CommandDesk {
  private readonly waiting = new Map<string, Waiting>()

  constructor(private readonly link: DeviceLink) {
    // this node's acks only: `xpark/<tenant>/<machine>/ack/<node>`
    link.onFilter(`xpark/+/+/ack/${link.node}`, (_topic, payload) => this.answered(payload))
  }

  /** Send and wait for the answer (or the timeout); throws DeviceGatewayAway when not connected. */
  async send(request: CommandRequest): Promise<CommandOutcome> {
    const id = randomUUID()
    const replyTo = ackTopic(request.tenantId, request.machine, this.link.node)
    const timeoutMs = request.timeoutMs ?? COMMAND_TIMEOUT_MS
    const started = Date.now()
    const answer = new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        resolve({ result: 3, reason: NO_ANSWER, elapsedMs: Date.now() - started })
      }, timeoutMs)
      timer.unref()
      this.waiting.set(id, { resolve, started, timer })
    })
    try {
      await this.link.publish(
        deviceTopic(request.tenantId, request.machine, 'cmd'),
        {
          id,
          control: request.control,
          params: request.params ?? {},
          replyTo,
          sentAt: new Date(started).toISOString(),
        },
        { properties: { responseTopic: replyTo, correlationData: Buffer.from(id) } },
      )
    } catch (error) {
      const w = this.waiting.get(id)
      if (w) clearTimeout(w.timer)
      this.waiting.delete(id)
      throw error
    }
    return answer
  }

  private answered(payload: unknown): void {
    const ack = commandAck.safeParse(payload)
    if (!ack.success) return
    const w = this.waiting.get(ack.data.id)
    if (!w) return // late (already 超时) or not ours
    clearTimeout(w.timer)
    this.waiting.delete(ack.data.id)
    w.resolve({
      result: ack.data.ok ? 1 : 2,
      reason: ack.data.ok ? '' : ack.data.reason || '设备拒绝执行',
      elapsedMs: Date.now() - w.started,
    })
  }

  /** commands waiting for their answer (tests, health) */
  get outstanding(): number {
    return this.waiting.size
  }
}
