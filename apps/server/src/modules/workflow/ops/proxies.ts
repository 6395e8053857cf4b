import { and, eq, gt, lt, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/types.js'
import { workflowProxy } from '../schema.js'

/**
 * Whether a proxy A → B would close a cycle: B already hands to A, directly or through others, by
 * active proxies whose periods overlap this one (categories are not told apart: a cycle in any of
 * them would bounce a task). `id` is the proxy being changed, left out.
 */
export async function proxyCycle(
  db: DbOrTx,
  tenantId: string,
  proxy: { id?: string | undefined; userId: string; proxyUserId: string; startTime: Date; endTime: Date },
): Promise<boolean> {
  const P = workflowProxy
  const edges = await db
    .select({ from: P.userId, to: P.proxyUserId })
    .from(P)
    .where(
      and(
        eq(P.tenantId, tenantId),
        eq(P.isDeleted, 0),
        eq(P.status, 1),
        lt(P.startTime, proxy.endTime),
        gt(P.endTime, proxy.startTime),
        proxy.id ? ne(P.id, proxy.id) : undefined,
      ),
    )
  const next = new Map<string, string[]>()
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const seen = new Set<string>()
  const stack = [proxy.proxyUserId]
  while (stack.length) {
    const at = stack.pop()!
    if (at === proxy.userId) return true
    if (seen.has(at)) continue
    seen.add(at)
    stack.push(...(next.get(at) ?? []))
  }
  return false
}
