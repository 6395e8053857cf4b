import { type Cache, parsedOnce } from '../cache/index.js'

/**
 * Who the caller is *now*. A token says who signed in; what that account may do (its roles and
 * departments, whether it and its tenant still exist and may act) is read per request from a record
 * cached per account and dropped whenever one of those changes, so a role taken away is gone at the
 * next request, not when the token expires (issue 7). One cache read per request (Redis when
 * REDIS_URL is set, so every server process sees the same record and the same drop); a miss reads
 * the database once. The record also lives only `PRINCIPAL_TTL` seconds, a backstop for a change
 * made outside the server.
 */

export type PrincipalRefusal = 'missing' | 'disabled' | 'tenant-missing' | 'tenant-expired'

export interface Principal {
  roleIds: string[]
  roleAliases: string[]
  deptIds: string[]
  /** why this account may not act at all; null when it may */
  refused: PrincipalRefusal | null
  /** when the tenant's licence ends (ms since epoch), checked on every request; null never */
  tenantExpiresAt: number | null
  /** an initial password set by someone else: every call but changing it is refused (plugin.ts) */
  passwordChangeRequired: boolean
}

/** Reads an account's current record (the system module provides it). */
export type PrincipalLoader = (tenantId: string, userId: string) => Promise<Principal>

export const PRINCIPAL_TTL = 120
const PREFIX = 'auth:principal:'
const keyOf = (tenantId: string, userId: string) => `${PREFIX}${tenantId}:${userId}`

export class Principals {
  /** set by the module that owns accounts; until then the token's own claims stand */
  loader: PrincipalLoader | null = null

  constructor(private readonly cache: Cache) {}

  /** The cache key of an account's record (read with the token's revocations, in one round trip). */
  keyOf(tenantId: string, userId: string): string {
    return keyOf(tenantId, userId)
  }

  /**
   * The record from the text read under `keyOf` (null: not cached, read the database once and cache
   * it). A cached text is parsed once per text: a record changes only when it is dropped and read
   * again. The record is frozen, as it is shared by the requests that read the same text.
   */
  fromCached(
    tenantId: string,
    userId: string,
    text: string | null,
  ): Principal | null | Promise<Principal | null> {
    if (!this.loader) return null
    if (text !== null) return parsedOnce(keyOf(tenantId, userId), text, frozenPrincipal)
    return this.load(this.loader, tenantId, userId)
  }

  private async load(loader: PrincipalLoader, tenantId: string, userId: string): Promise<Principal> {
    const principal = await loader(tenantId, userId)
    await this.cache.set(keyOf(tenantId, userId), JSON.stringify(principal), PRINCIPAL_TTL)
    return principal
  }

  /**
   * Drop the records of these accounts (or of every account of the tenant): call it after the
   * change is committed, so no request reads the old rows back into the cache.
   */
  async forget(tenantId: string, userIds?: readonly string[]): Promise<void> {
    if (!userIds) return this.cache.clearPrefix(`${PREFIX}${tenantId}:`)
    for (const id of new Set(userIds)) await this.cache.del(keyOf(tenantId, id))
  }
}

/** Whether a record lets its account act at this moment (the licence may have ended since it was read). */
export function principalProblem(principal: Principal, now = Date.now()): PrincipalRefusal | null {
  if (principal.refused) return principal.refused
  if (principal.tenantExpiresAt !== null && principal.tenantExpiresAt < now) return 'tenant-expired'
  return null
}

function frozenPrincipal(text: string): Principal {
  const principal = JSON.parse(text) as Principal
  Object.freeze(principal.roleIds)
  Object.freeze(principal.roleAliases)
  Object.freeze(principal.deptIds)
  return Object.freeze(principal)
}
