import { type BILL_TYPE, CARD_STATUS } from '@xpark/contract/modules/finance'
import { and, eq, gte, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { AppError, badRequest } from '../../core/errors.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { financeBill, financeCard } from './schema.js'

/**
 * A card's balance moves only here, and each move writes its bill in the caller's transaction.
 * A debit is one conditional statement (`balance = balance - x where balance >= x`): two concurrent
 * debits cannot both pass on one balance, and the balance never goes below zero (the table's check
 * holds it too).
 */

export type Who = Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>

export interface Movement {
  billType: (typeof BILL_TYPE)[keyof typeof BILL_TYPE]
  sourceType: string
  sourceId?: string | null
  remark?: string
}

export interface CardRef {
  id: string
  cardNo: string
  holderName: string
  balance: number
  status: number
}

const cardColumns = {
  id: financeCard.id,
  cardNo: financeCard.cardNo,
  holderName: financeCard.holderName,
  balance: financeCard.balance,
  status: financeCard.status,
}

export async function findCardByNo(db: DbOrTx, who: Pick<AuthContext, 'tenantId'>, cardNo: string) {
  const [card] = await db
    .select(cardColumns)
    .from(financeCard)
    .where(scoped(financeCard, who, eq(financeCard.cardNo, cardNo)))
  return card as CardRef | undefined
}

export async function findCard(db: DbOrTx, who: Pick<AuthContext, 'tenantId'>, cardId: string) {
  const [card] = await db
    .select(cardColumns)
    .from(financeCard)
    .where(scoped(financeCard, who, eq(financeCard.id, cardId)))
  return card as CardRef | undefined
}

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('金额必须为正的整数分')
}

async function writeBill(tx: Tx, who: Who, card: CardRef, amount: number, balanceAfter: number, m: Movement) {
  await tx.insert(financeBill).values(
    stamped(financeBill, who, {
      cardId: card.id,
      cardNo: card.cardNo,
      holderName: card.holderName,
      billType: m.billType,
      amount,
      balanceAfter,
      sourceType: m.sourceType,
      sourceId: m.sourceId ?? null,
      remark: m.remark ?? '',
    }) as never,
  )
}

/** Add `amount` cents to a card; answers the balance after. */
export async function creditCard(tx: Tx, who: Who, cardId: string, amount: number, m: Movement) {
  assertAmount(amount)
  const [card] = await tx
    .update(financeCard)
    .set({ balance: sql`${financeCard.balance} + ${amount}`, updateTime: new Date() })
    .where(scoped(financeCard, who, eq(financeCard.id, cardId)))
    .returning(cardColumns)
  if (!card) throw new AppError(404, '储值卡不存在')
  await writeBill(tx, who, card as CardRef, amount, card.balance, m)
  return card.balance
}

/** Take `amount` cents from an active card with enough balance (409 otherwise); answers the balance after. */
export async function debitCard(tx: Tx, who: Who, cardId: string, amount: number, m: Movement) {
  assertAmount(amount)
  const [card] = await tx
    .update(financeCard)
    .set({ balance: sql`${financeCard.balance} - ${amount}`, updateTime: new Date() })
    .where(
      scoped(
        financeCard,
        who,
        and(
          eq(financeCard.id, cardId),
          eq(financeCard.status, CARD_STATUS.active),
          gte(financeCard.balance, amount),
        ),
      ),
    )
    .returning(cardColumns)
  if (!card) {
    const found = await findCard(tx, who, cardId)
    if (!found) throw new AppError(404, '储值卡不存在')
    if (found.status !== CARD_STATUS.active) throw new AppError(409, '储值卡已冻结')
    throw new AppError(409, '卡内余额不足')
  }
  await writeBill(tx, who, card as CardRef, -amount, card.balance, m)
  return card.balance
}
