/**
 * Publish/subscribe between server processes: in process by default, Redis pub/sub when REDIS_URL is
 * set (every node delivers to its own connected browsers what any node published).
 */
export type Handler = (message: string) => void

export interface Bus {
  readonly kind: 'memory' | 'redis'
  publish(channel: string, message: string): Promise<void>
  /** resolves once subscribed; the returned function unsubscribes this handler */
  subscribe(channel: string, handler: Handler): Promise<() => Promise<void>>
  close(): Promise<void>
}
