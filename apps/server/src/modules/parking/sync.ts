import { CARD_STATUS, SYNC_STATE } from '@xpark/contract/modules/parking'
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import { type PmsClient, PmsError, pmsClient } from '../../adapters/pms/client.js'
import { type PmsSimulator, startPmsSimulator } from '../../adapters/pms/simulator.js'
import type { ModuleContext } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { parkingCard } from './schema.js'

/**
 * Cards to the parking system (docs/modules/parking.md "PMS sync"): every card change counts its
 * `version` up and queues it (待同步); the job sends what is due, newest version each time. A success
 * is 已同步 only when the card did not change meanwhile (else it stays queued for its newer version);
 * a failure is 同步失败 with the error, tried again after a backoff (5 s doubling, at most 10 min).
 */

const BATCH = 50
const MAX_BACKOFF_MS = 600_000

export const backoffMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS)

let embedded: Promise<PmsSimulator> | undefined
/** The loopback parking system (no XPARK_PMS_URL): started on first use; tests switch its faults. */
export function embeddedPms(): Promise<PmsSimulator> {
  embedded ??= startPmsSimulator({ unref: true })
  return embedded
}

export async function pmsOf(ctx: Pick<ModuleContext, 'config'>): Promise<PmsClient> {
  return pmsClient(ctx.config.pmsUrl || (await embeddedPms()).endpoint)
}

/** Send the cards due now; answers how many were sent successfully. */
export async function syncDue(db: Db, client: PmsClient, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(parkingCard)
    .where(
      and(eq(parkingCard.isDeleted, 0), isNotNull(parkingCard.nextSyncAt), lte(parkingCard.nextSyncAt, now)),
    )
    .orderBy(asc(parkingCard.nextSyncAt))
    .limit(BATCH)
  let sent = 0
  for (const card of due) {
    const sameVersion = and(eq(parkingCard.id, card.id), eq(parkingCard.version, card.version))
    try {
      if (card.status === CARD_STATUS.cancelled)
        await client.cancel({ tenantId: card.tenantId, id: card.id, version: card.version })
      else
        await client.upsert({
          tenantId: card.tenantId,
          id: card.id,
          version: card.version,
          plate: card.plate,
          plateColor: card.plateColor,
          cardType: card.cardType,
          parkingType: card.parkingType,
          validFrom: card.validFrom?.toISOString() ?? null,
          validTo: card.validTo?.toISOString() ?? null,
          holderName: card.holderName,
        })
      await db
        .update(parkingCard)
        .set({
          syncState: SYNC_STATE.synced,
          syncedVersion: card.version,
          syncError: '',
          syncAttempts: 0,
          nextSyncAt: null,
          syncedAt: new Date(),
        })
        .where(sameVersion)
      sent++
    } catch (error) {
      const message = error instanceof PmsError ? error.message : '停车系统同步异常'
      const attempts = card.syncAttempts + 1
      await db
        .update(parkingCard)
        .set({
          syncState: SYNC_STATE.failed,
          syncError: message.slice(0, 255),
          syncAttempts: attempts,
          nextSyncAt: new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(sameVersion)
    }
  }
  return sent
}

export const pmsSyncJob = {
  name: 'parking-pms-sync',
  everySeconds: 5,
  run: async (ctx: ModuleContext) => void (await syncDue(ctx.database.db, await pmsOf(ctx))),
}
