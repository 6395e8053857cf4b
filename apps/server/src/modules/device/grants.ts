import { GRANT, grantCommands } from '@xpark/contract/modules/device'
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { DeviceGatewayAway, runDeclared } from '../../core/devices/index.js'
import { formatDateTime } from '../../core/envelope.js'
import { AppError } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { stamped, touched } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { machineGrant, parkMachine } from './schema.js'

/**
 * Issuing grants (设备授权): a grant is 待下发 until its machine acknowledges it (已下发); a refusal or
 * no answer is 下发失败 with the machine's reason, tried again later — 10 s, 20 s, 40 s … up to an
 * hour between tries, ten tries in all, then it waits for `syncOwnerToMiddle`. A runner claims the
 * grants it tries (their next try moved a minute on) so two nodes never send the same one at once.
 */
export const MAX_ATTEMPTS = 10
const CLAIM_MS = 60_000
/** `yyyy-MM-dd HH:mm:ss` in the server's zone, as the machines read times. */
const wireDateTime = (d: Date) => formatDateTime(d)
const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)

/** Try the due grants (of some ids, or every due one); answers how many were tried. */
export async function issueDue(
  ctx: ModuleContext,
  only?: { tenantId: string; ids: readonly string[] },
): Promise<number> {
  const db = ctx.database.db
  if (!ctx.devices.connected) return 0
  const now = new Date()
  const due = and(
    eq(machineGrant.isDeleted, 0),
    inArray(machineGrant.grantStatus, [GRANT.pending, GRANT.failed]),
    isNotNull(machineGrant.nextAttemptAt),
    lte(machineGrant.nextAttemptAt, now),
    ...(only ? [eq(machineGrant.tenantId, only.tenantId), inArray(machineGrant.id, [...only.ids])] : []),
  )
  const claimed = await db
    .update(machineGrant)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    // rows locked in id order, those another runner holds skipped: no deadlock with a sync (below, and
    // the route's) touching the same grants at once
    .where(
      sql`${machineGrant.id} in (select id from ${machineGrant} where ${due} order by id limit 200 for update skip locked)`,
    )
    .returning({
      id: machineGrant.id,
      tenantId: machineGrant.tenantId,
      machineId: machineGrant.machineId,
      userId: machineGrant.userId,
      attempts: machineGrant.attempts,
      createUser: machineGrant.createUser,
      personName: machineGrant.personName,
      faceUrl: machineGrant.faceUrl,
      validFrom: machineGrant.validFrom,
      validUntil: machineGrant.validUntil,
    })
  for (const g of claimed) {
    const [target] = await db
      .select({
        id: parkMachine.id,
        code: parkMachine.code,
        type: parkMachine.type,
        userName: user.realName,
        account: user.account,
      })
      .from(parkMachine)
      .leftJoin(user, eq(user.id, g.userId))
      .where(eq(parkMachine.id, g.machineId))
    if (!target) continue
    const attempts = g.attempts + 1
    let result: { ok: boolean; reason: string }
    try {
      const ran = await runDeclared(db, ctx.devices, grantCommands, {
        by: { authorized: { tenantId: g.tenantId, userId: g.createUser ?? '0', deptIds: [] } },
        machine: target,
        control: grantCommands.key.grant,
        params: {
          userId: g.userId,
          name: target.userName ?? g.personName ?? '',
          account: target.account ?? '',
          // a person who is no account (a visitor) brings a face; a grant for a time says when
          ...(g.faceUrl ? { face: g.faceUrl } : {}),
          ...(g.validFrom ? { validFrom: wireDateTime(g.validFrom) } : {}),
          ...(g.validUntil ? { validUntil: wireDateTime(g.validUntil) } : {}),
        },
        source: 'GRANT',
      })
      result = { ok: ran.result === 1, reason: ran.reason }
    } catch (error) {
      // offline, or the broker gone: not sent, tried again later
      if (error instanceof AppError || error instanceof DeviceGatewayAway)
        result = { ok: false, reason: error.message }
      else throw error
    }
    await db
      .update(machineGrant)
      .set(
        result.ok
          ? { grantStatus: GRANT.issued, attempts, error: '', nextAttemptAt: null }
          : {
              grantStatus: GRANT.failed,
              attempts,
              error: result.reason.slice(0, 255),
              nextAttemptAt: attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + backoffMs(attempts)),
            },
      )
      .where(eq(machineGrant.id, g.id))
  }
  return claimed.length
}

/** Tell machines to forget people (best effort: an offline machine is told by its next sync). */
export async function revoke(
  ctx: ModuleContext,
  grants: readonly { tenantId: string; machineId: string; userId: string; createUser: string | null }[],
) {
  for (const g of grants) {
    const [target] = await ctx.database.db
      .select({ id: parkMachine.id, code: parkMachine.code, type: parkMachine.type })
      .from(parkMachine)
      .where(eq(parkMachine.id, g.machineId))
    if (!target) continue
    await runDeclared(ctx.database.db, ctx.devices, grantCommands, {
      by: { authorized: { tenantId: g.tenantId, userId: g.createUser ?? '0', deptIds: [] } },
      machine: target,
      control: grantCommands.key.revoke,
      params: { userId: g.userId },
      source: 'GRANT',
    }).catch(() => {})
  }
}

/** A grant for a time of a person who is no account (a registered visitor for the day of the visit). */
export interface PeriodGrant {
  machineIds: readonly string[]
  /** the id the machine knows the person by (a visitor registration's) */
  subjectId: string
  name: string
  faceUrl: string
  validFrom: Date
  validUntil: Date
}

/**
 * Grant a person on machines for a time, inside the caller's transaction (issued by `issueDue` once
 * it has committed, taken back by `revokeExpired` after `validUntil`). Granted again: issued again
 * with the new time. Answers the grants' ids.
 */
export async function grantForPeriod(
  tx: Tx,
  auth: Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>,
  grant: PeriodGrant,
): Promise<string[]> {
  const out: string[] = []
  const values = {
    grantStatus: GRANT.pending,
    attempts: 0,
    error: '',
    nextAttemptAt: new Date(),
    personName: grant.name.slice(0, 64),
    faceUrl: grant.faceUrl,
    validFrom: grant.validFrom,
    validUntil: grant.validUntil,
  }
  for (const machineId of grant.machineIds) {
    const [existing] = await tx
      .update(machineGrant)
      .set(touched(machineGrant, auth, values) as never)
      .where(
        and(
          eq(machineGrant.tenantId, auth.tenantId),
          eq(machineGrant.machineId, machineId),
          eq(machineGrant.userId, grant.subjectId),
          eq(machineGrant.isDeleted, 0),
        ),
      )
      .returning({ id: machineGrant.id })
    if (existing) {
      out.push(existing.id)
      continue
    }
    const row = stamped(machineGrant, auth, { machineId, userId: grant.subjectId, ...values })
    await tx.insert(machineGrant).values(row as never)
    out.push(String(row.id))
  }
  return out
}

/**
 * Grants past their time: removed, and the machines that had them told to forget the person (best
 * effort, as a removal by hand). Each grant is claimed by the update that removes it, so two nodes
 * running the job never revoke one twice. Answers how many were removed.
 */
export async function revokeExpired(ctx: ModuleContext, now = new Date()): Promise<number> {
  const expired = await ctx.database.db
    .update(machineGrant)
    .set({ isDeleted: 1, nextAttemptAt: null, updateTime: now })
    .where(
      sql`${machineGrant.id} in (select id from ${machineGrant} where ${and(
        eq(machineGrant.isDeleted, 0),
        isNotNull(machineGrant.validUntil),
        lte(machineGrant.validUntil, now),
      )} order by id limit 500 for update skip locked)`,
    )
    .returning({
      tenantId: machineGrant.tenantId,
      machineId: machineGrant.machineId,
      userId: machineGrant.userId,
      createUser: machineGrant.createUser,
      grantStatus: machineGrant.grantStatus,
    })
  if (ctx.devices.connected)
    await revoke(
      ctx,
      expired.filter((g) => g.grantStatus === GRANT.issued),
    )
  return expired.length
}
