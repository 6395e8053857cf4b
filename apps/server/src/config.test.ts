import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('configuration (environment variables)', () => {
  it('XPARK_OSS_ALLOW_PRIVATE takes addresses and CIDRs; a malformed entry stops the start with a clear message', () => {
    expect(
      loadConfig({ XPARK_OSS_ALLOW_PRIVATE: '10.0.0.5, 192.168.8.0/24,fd00::/8' }).ossAllowPrivate,
    ).toEqual(['10.0.0.5', '192.168.8.0/24', 'fd00::/8'])
    // `10.0.0.5/` would have been a /0: every address
    for (const bad of ['10.0.0.5/', '10.0.0.0/x', '10.0.0.0/33', 'minio.local'])
      expect(() => loadConfig({ XPARK_OSS_ALLOW_PRIVATE: bad }), bad).toThrow(/XPARK_OSS_ALLOW_PRIVATE/)
  })

  it('XPARK_TRUST_PROXY: none by default (clients cannot pick their address), true, hops or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ XPARK_TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ XPARK_TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ XPARK_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ])
    expect(() => loadConfig({ XPARK_TRUST_PROXY: 'yes' })).toThrow(/XPARK_TRUST_PROXY/)
  })

  it('XPARK_REDIS_PREFIX: xpark: by default, any other non-empty prefix', () => {
    expect(loadConfig({}).redisPrefix).toBe('xpark:')
    expect(loadConfig({ XPARK_REDIS_PREFIX: 'park-b:' }).redisPrefix).toBe('park-b:')
    expect(() => loadConfig({ XPARK_REDIS_PREFIX: '' })).toThrow(/XPARK_REDIS_PREFIX/)
  })

  it('XPARK_HEAP_GROWTH_PERCENT: 50 by default (heap.ts), 0 leaves V8 its own, a percent up to 300', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50)
    expect(loadConfig({ XPARK_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0)
    expect(loadConfig({ XPARK_HEAP_GROWTH_PERCENT: '120' }).heapGrowthPercent).toBe(120)
    for (const bad of ['-1', '301', '1.5', 'many'])
      expect(() => loadConfig({ XPARK_HEAP_GROWTH_PERCENT: bad }), bad).toThrow(/XPARK_HEAP_GROWTH_PERCENT/)
  })
})
