/**
 * The shared-state interface: in memory for one process, Redis when REDIS_URL is set so that
 * many API nodes see the same captchas, counters and revocations.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | null>
  /** several keys in one round trip (Redis MGET): what every authenticated request reads */
  getMany(keys: readonly string[]): Promise<(string | null)[]>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  /** set only when absent; true when this call set it */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>
  /** read and delete in one step (single-use values such as captchas) */
  take(key: string): Promise<string | null>
  del(key: string): Promise<void>
  /** increment a counter; the ttl starts with the first increment */
  incr(key: string, ttlSeconds: number): Promise<number>
  /** delete every key with this prefix */
  clearPrefix(prefix: string): Promise<void>
  /** whether the shared store answers now (the health check); memory always does */
  reachable(): Promise<boolean>
  close(): Promise<void>
}
