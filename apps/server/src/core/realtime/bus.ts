import { EventEmitter } from 'node:events'

import type { Bus, Handler } from './bus-types.js'

export type { Bus, Handler } from './bus-types.js'

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const
  private readonly emitter = new EventEmitter().setMaxListeners(0)

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message)
  }

  async subscribe(channel: string, handler: Handler): Promise<() => Promise<void>> {
    this.emitter.on(channel, handler)
    return async () => {
      this.emitter.off(channel, handler)
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners()
  }
}

/**
 * The bus for REDIS_URL, else the in-process one. The Redis bus is its own file, loaded only when
 * Redis is configured (ioredis is not read on a start without it).
 */
export async function openBus(redisUrl: string | undefined, prefix?: string): Promise<Bus> {
  if (!redisUrl) return new MemoryBus()
  const { RedisBus } = await import('./redis-bus.js')
  return new RedisBus(redisUrl, prefix)
}
