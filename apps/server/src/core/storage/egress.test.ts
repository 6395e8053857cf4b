import { describe, expect, it } from 'vitest'
import { EgressPolicy } from './egress.js'

const lookup = (policy: EgressPolicy, host: string) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
    policy.lookup(host, {}, (error, address) => resolve({ error, address })),
  )

describe('egress policy for tenant-typed endpoints (SSRF)', () => {
  it('refuses loopback, private, link-local (metadata), CGNAT and multicast addresses; allows public ones', () => {
    const policy = new EgressPolicy()
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '::7f00:1',
    ])
      expect(policy.permits(ip), ip).toBe(false)
    for (const ip of ['8.8.8.8', '203.0.113.9', '2001:4860:4860::8888'])
      expect(policy.permits(ip), ip).toBe(true)
    expect(policy.refusesHost('127.0.0.1')).toBe(true)
    expect(policy.refusesHost('[::1]')).toBe(true)
    expect(policy.refusesHost('localhost')).toBe(true)
    expect(policy.refusesHost('minio.example.com')).toBe(false)
  })

  it("the operator's allow list opens single addresses and networks (an on-premises MinIO)", () => {
    const policy = new EgressPolicy(['10.0.0.5', '192.168.8.0/24', ' not-an-ip '])
    expect(policy.permits('10.0.0.5')).toBe(true)
    expect(policy.permits('10.0.0.6')).toBe(false)
    expect(policy.permits('192.168.8.77')).toBe(true)
    expect(policy.permits('192.168.9.1')).toBe(false)
  })

  it('names are judged after resolution, at connection time', async () => {
    const refused = await lookup(new EgressPolicy(), 'localhost')
    expect(refused.error?.code).toBe('EADDRNOTALLOWED')
    const allowed = await lookup(new EgressPolicy(['127.0.0.1', '::1']), 'localhost')
    expect(allowed.error).toBeNull()
  })
})
