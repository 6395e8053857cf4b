import { createHash, randomBytes } from 'node:crypto'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { AppError } from '../errors.js'
import { nextId } from '../ids.js'
import type { Realtime } from '../realtime/index.js'
import { publicLink } from './schema.js'

export { publicLink } from './schema.js'

/**
 * Links to public pages (issue 32): "public" means "by link", never "open". A link names one target
 * of one tenant (a big screen); whoever holds its token reads that target's aggregates and nothing
 * else. Tokens are 32 random bytes, kept as their SHA-256; a revoked or expired link, or one used from
 * an address outside its allow-list, answers 403 with the one text the page shows. Revoking publishes
 * on the link's channel: open pages' streams end at once (core/realtime `closeOn`).
 */

export const LINK_INVALID_TEXT = '链接无效或已过期'
export const linkChannel = (linkId: string) => `link:${linkId}`

export interface LinkTarget {
  linkId: string
  tenantId: string
  targetId: string
  expiresAt: Date | null
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
/** Write "last used" at most this often: a wall reads every few seconds. */
const USED_EVERY_MS = 60_000

export async function issueLink(
  db: DbOrTx,
  owner: { tenantId: string; userId: string },
  target: { kind: string; targetId: string; expiresAt?: Date | null; allow?: string },
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url')
  const id = nextId()
  await db.insert(publicLink).values({
    id,
    tenantId: owner.tenantId,
    createUser: owner.userId,
    updateUser: owner.userId,
    kind: target.kind,
    targetId: target.targetId,
    tokenHash: hashOf(token),
    hint: token.slice(-6),
    expiresAt: target.expiresAt ?? null,
    allow: target.allow ?? '',
  })
  return { id, token }
}

export async function linksOf(db: DbOrTx, tenantId: string, kind: string, targetId: string) {
  return db
    .select()
    .from(publicLink)
    .where(
      and(
        eq(publicLink.tenantId, tenantId),
        eq(publicLink.kind, kind),
        eq(publicLink.targetId, targetId),
        eq(publicLink.isDeleted, 0),
      ),
    )
    .orderBy(desc(publicLink.id))
}

/** Revoke a link of the tenant (false: no such live link); its open pages close. */
export async function revokeLink(db: DbOrTx, realtime: Realtime, tenantId: string, linkId: string) {
  const done = await db
    .update(publicLink)
    .set({ revokedAt: new Date(), updateTime: new Date() })
    .where(and(eq(publicLink.id, linkId), eq(publicLink.tenantId, tenantId), isNull(publicLink.revokedAt)))
    .returning({ id: publicLink.id })
  if (done.length)
    await realtime.publish(linkChannel(linkId), { event: 'revoked', data: { reason: LINK_INVALID_TEXT } })
  return done.length > 0
}

/** Whether an address is inside a comma list of addresses and CIDR ranges ('' lets any in). */
export function allowed(allow: string, address: string): boolean {
  if (!allow) return true
  const ip = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
  const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : undefined
  if (!type) return false
  const list = new BlockList()
  for (const item of allow.split(',')) {
    const [net, bits] = item.split('/')
    if (!net) continue
    const netType = isIPv4(net) ? 'ipv4' : isIPv6(net) ? 'ipv6' : undefined
    if (!netType) continue
    if (bits === undefined) list.addAddress(net, netType)
    else list.addSubnet(net, Number(bits), netType)
  }
  return list.check(ip, type)
}

/** The target a token opens, from this address, or 403 `链接无效或已过期` (nothing read). */
export async function resolveLink(
  db: DbOrTx,
  kind: string,
  token: string,
  address: string,
): Promise<LinkTarget> {
  const [link] = await db
    .select()
    .from(publicLink)
    .where(and(eq(publicLink.tokenHash, hashOf(token)), eq(publicLink.isDeleted, 0)))
  const now = new Date()
  if (
    !link ||
    link.kind !== kind ||
    link.revokedAt ||
    (link.expiresAt && link.expiresAt <= now) ||
    !allowed(link.allow, address)
  )
    throw new AppError(403, LINK_INVALID_TEXT)
  if (!link.lastUsedAt || now.getTime() - link.lastUsedAt.getTime() > USED_EVERY_MS)
    await db
      .update(publicLink)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(publicLink.id, link.id),
          or(isNull(publicLink.lastUsedAt), lt(publicLink.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      )
  return { linkId: link.id, tenantId: link.tenantId, targetId: link.targetId, expiresAt: link.expiresAt }
}
