import {
  deleteGrantCall,
  GRANT,
  grantCommands,
  roomGrantsCall,
  saveGrantCall,
  syncOwnersCall,
} from '@xpark/contract/modules/device'
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { assertReferences, referenceScopes, rowSelection, whereOf } from '../../../core/crud/index.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { idsIn } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { stamped, touched } from '../../../core/tenancy.js'
import { issueDue, revoke } from '../grants.js'
import { machineInScope } from '../machine-commands.js'
import { grants } from '../resources.js'
import { machineGrant, parkMachine } from '../schema.js'

/** Granting people on machines and taking it back; the issuing itself is grants.ts. */
export function registerGrantRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  const issueSoon = (tenantId: string, ids: readonly string[]) =>
    void issueDue(ctx, { tenantId, ids }).catch((error) => api.log.error({ err: error }, 'grants not issued'))

  handle(
    api,
    saveGrantCall,
    async ({ machineId, userIds }, request) => {
      const auth = authOf(request)
      const machine = await machineInScope(ctx, auth, machineId)
      if (!grantCommands.supports(machine.type, grantCommands.key.grant)) throw badRequest('该设备不支持授权')
      const people = idsIn(userIds)
      const scopes = await referenceScopes(grants.references, auth)
      const ids = await db.transaction(async (tx) => {
        for (const userId of people) await assertReferences(tx, auth, grants.references, { userId }, scopes)
        const out: string[] = []
        for (const userId of people) {
          // granted again: issued again
          const [existing] = await tx
            .update(machineGrant)
            .set(
              touched(machineGrant, auth, {
                grantStatus: GRANT.pending,
                attempts: 0,
                error: '',
                nextAttemptAt: new Date(),
              }) as never,
            )
            .where(
              and(
                eq(machineGrant.tenantId, auth.tenantId),
                eq(machineGrant.machineId, machineId),
                eq(machineGrant.userId, userId),
                eq(machineGrant.isDeleted, 0),
              ),
            )
            .returning({ id: machineGrant.id })
          if (existing) {
            out.push(existing.id)
            continue
          }
          const row = stamped(machineGrant, auth, {
            machineId,
            userId,
            grantStatus: GRANT.pending,
            nextAttemptAt: new Date(),
          })
          await tx.insert(machineGrant).values(row as never)
          out.push(String(row.id))
        }
        return out
      })
      issueSoon(auth.tenantId, ids)
      return {}
    },
    guard,
  )

  handle(
    api,
    deleteGrantCall,
    async ({ ids }, request) => {
      const auth = authOf(request)
      const list = idsIn(ids)
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(machineGrant)
          // touched() keeps a client from writing is_deleted: the removal sets it itself
          .set({ ...touched(machineGrant, auth, {}), isDeleted: 1 } as never)
          .where(await whereOf(grants, auth, inArray(machineGrant.id, list)))
          .returning({
            tenantId: machineGrant.tenantId,
            machineId: machineGrant.machineId,
            userId: machineGrant.userId,
            createUser: machineGrant.createUser,
            grantStatus: machineGrant.grantStatus,
          })
        if (rows.length !== list.length) throw notFound('授权不存在')
        return rows
      })
      // after the answer: a revocation that cannot be sent (the database away) is logged, not retried
      void revoke(
        ctx,
        removed.filter((r) => r.grantStatus === GRANT.issued),
      ).catch((error) => request.log.warn({ err: error }, 'grants: revocation not sent'))
      return {}
    },
    guard,
  )

  handle(
    api,
    roomGrantsCall,
    async ({ roomId, warehouseId }, request) => {
      const place = roomId
        ? eq(parkMachine.roomId, roomId)
        : warehouseId
          ? eq(parkMachine.warehouseId, warehouseId)
          : isNotNull(parkMachine.roomId)
      return db
        .select(rowSelection(grants))
        .from(machineGrant)
        .where(
          await whereOf(
            grants,
            authOf(request),
            sql`${machineGrant.machineId} in (select ${parkMachine.id} from ${parkMachine} where ${place} and ${parkMachine.isDeleted} = 0)`,
          ),
        )
        .orderBy(machineGrant.machineId, machineGrant.id) as never
    },
    guard,
  )

  handle(
    api,
    syncOwnersCall,
    async ({ machineId }, request) => {
      const auth = authOf(request)
      if (machineId) await machineInScope(ctx, auth, machineId)
      const wanted = await whereOf(
        grants,
        auth,
        and(
          inArray(machineGrant.grantStatus, [GRANT.pending, GRANT.failed]),
          ...(machineId ? [eq(machineGrant.machineId, machineId)] : []),
        ),
      )
      // locked in id order, as the grant runner claims them: the two at once wait, never deadlock
      // (one did on PostgreSQL, a 500 in the route sweep)
      const queued = await db
        .update(machineGrant)
        .set({ nextAttemptAt: new Date(), attempts: 0 })
        .where(
          sql`${machineGrant.id} in (select id from ${machineGrant} where ${wanted} order by id for update)`,
        )
        .returning({ id: machineGrant.id })
      issueSoon(
        auth.tenantId,
        queued.map((q) => q.id),
      )
      return { queued: queued.length }
    },
    guard,
  )
}
