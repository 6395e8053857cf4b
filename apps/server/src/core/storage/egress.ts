import {
  lookup as dnsLookup,
  type LookupAddress,
  type LookupAllOptions,
  type LookupOneOptions,
} from 'node:dns'
import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { BlockList, isIP } from 'node:net'

/** `10.0.0.5`, `fd00::1`, `192.168.8.0/24`, `fd00::/8`: an address, or one with a prefix in range; else null. */
export function parseAddressOrCidr(
  entry: string,
): { address: string; prefix?: number; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefix, ...rest] = entry.trim().split('/')
  const family = isIP(address)
  if (!family || rest.length) return null
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (prefix === undefined) return { address, type }
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null
  return { address, prefix: Number(prefix), type }
}

/**
 * Where the server may connect on a tenant's behalf (object storage endpoints typed by a park
 * admin). Loopback, private, link-local (cloud metadata), shared and multicast addresses are refused
 * unless the operator lists them in XPARK_OSS_ALLOW_PRIVATE (an on-premises MinIO at 10.0.0.5, say):
 * otherwise a tenant could make the server call its own internal services (SSRF). Names are checked
 * on every connection, after resolution, so a name that later resolves inward is refused too.
 */
export class EgressPolicy {
  private readonly blocked = new BlockList()
  private readonly allowed = new BlockList()

  constructor(allowList: readonly string[] = []) {
    for (const [net, prefix] of [
      ['0.0.0.0', 8],
      ['10.0.0.0', 8],
      ['100.64.0.0', 10],
      ['127.0.0.0', 8],
      ['169.254.0.0', 16],
      ['172.16.0.0', 12],
      ['192.0.0.0', 24],
      ['192.168.0.0', 16],
      ['198.18.0.0', 15],
      ['224.0.0.0', 3],
    ] as const)
      this.blocked.addSubnet(net, prefix, 'ipv4')
    for (const [net, prefix] of [
      // ::/96 also holds the unspecified and loopback addresses and IPv4-compatible ones
      ['::', 96],
      ['::1', 128],
      // IPv4 inside IPv6: NAT64 and 6to4 can lead to any IPv4 address, internal ones included
      ['64:ff9b::', 96],
      ['2002::', 16],
      ['fc00::', 7],
      ['fe80::', 10],
      ['fec0::', 10],
      ['ff00::', 8],
    ] as const)
      this.blocked.addSubnet(net, prefix, 'ipv6')
    // config.ts refuses malformed entries at start (with parseAddressOrCidr); here they are skipped
    for (const entry of allowList) {
      const parsed = parseAddressOrCidr(entry)
      if (!parsed) continue
      if (parsed.prefix === undefined) this.allowed.addAddress(parsed.address, parsed.type)
      else this.allowed.addSubnet(parsed.address, parsed.prefix, parsed.type)
    }
  }

  /** true when the server may connect to this IP address */
  permits(address: string): boolean {
    const family = isIP(address)
    if (!family) return false
    // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
    if (mapped) return this.permits(mapped)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (this.allowed.check(address, type)) return true
    return !this.blocked.check(address, type)
  }

  /** A host as typed (name or IP literal): refused at once when it is an address or `localhost` that may not be reached. */
  refusesHost(hostname: string): boolean {
    const host = hostname.replace(/^\[|\]$/g, '')
    if (isIP(host)) return !this.permits(host)
    return host === 'localhost' || host.endsWith('.localhost') ? !this.permits('127.0.0.1') : false
  }

  /** a `dns.lookup` that fails for addresses the policy refuses (used by the agents below) */
  readonly lookup = (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '')
      const refused = addresses.find((a) => !this.permits(a.address))
      if (refused) {
        const blocked: NodeJS.ErrnoException = new Error(
          `address not allowed: ${hostname} → ${refused.address}`,
        )
        blocked.code = 'EADDRNOTALLOWED'
        return callback(blocked, '')
      }
      if ((options as LookupAllOptions).all) return callback(null, addresses)
      const first = addresses[0]!
      callback(null, first.address, first.family)
    })
  }

  /** keep-alive agents whose every connection goes through the policy */
  agent(secure: boolean): HttpAgent {
    return secure
      ? new HttpsAgent({ keepAlive: true, lookup: this.lookup })
      : new HttpAgent({ keepAlive: true, lookup: this.lookup })
  }
}
