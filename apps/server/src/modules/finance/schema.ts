import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Finance (spec 02 §7): stored-value cards, recharges, bills (the ledger of every balance movement),
 * pay settings, pay orders and the SMS credit account. Money in integer cents.
 */

/** A stored-value card; `status` 1 active, 0 frozen. The balance never goes below zero (check). */
export const financeCard = pgTable(
  'xpark_finance_card',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    holderName: varchar('holder_name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    userId: id('user_id'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_finance_card', t),
    uniqueIndex('xpark_finance_card_no_uq').on(t.tenantId, t.cardNo).where(live),
    check('xpark_finance_card_balance_ck', sql`${t.balance} >= 0`),
  ],
)

/** A recharge of a card (cash, online, allowance, adjustment), with the balance it left. */
export const financeRecharge = pgTable(
  'xpark_finance_recharge',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    cardId: id('card_id').notNull(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    holderName: varchar('holder_name', { length: 64 }).notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rechargeType: integer('recharge_type').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull().default(0),
    tradeNo: varchar('trade_no', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_finance_recharge', t),
    index('xpark_finance_recharge_card_idx').on(t.cardId),
  ],
)

/** One movement of a card's balance: `amount` signed (+ in, − out), `balanceAfter` what it left. */
export const financeBill = pgTable(
  'xpark_finance_bill',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    cardId: id('card_id').notNull(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    holderName: varchar('holder_name', { length: 64 }).notNull().default(''),
    billType: integer('bill_type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    sourceType: varchar('source_type', { length: 32 }).notNull(),
    sourceId: id('source_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_finance_bill', t),
    index('xpark_finance_bill_card_idx').on(t.cardId),
    index('xpark_finance_bill_source_idx').on(t.sourceId),
  ],
)

/** A tenant's online pay merchant: `mchKey` never leaves the server (the row shows `keyHint`). */
export const financePaySetting = pgTable(
  'xpark_finance_pay_setting',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    appId: varchar('app_id', { length: 64 }).notNull(),
    mchId: varchar('mch_id', { length: 32 }).notNull(),
    mchKey: varchar('mch_key', { length: 128 }).notNull().default(''),
    keyHint: varchar('key_hint', { length: 16 }).notNull().default(''),
    /** the provider's base URL; '' is the built-in simulator */
    gateway: varchar('gateway', { length: 500 }).notNull().default(''),
    notifyUrl: varchar('notify_url', { length: 500 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_finance_pay_setting_mch_uq').on(t.tenantId, t.mchId).where(live)],
)

/** An online pay order; `status` 0 unpaid, 1 paid, 2 closed. `tradeNo` is unique across tenants. */
export const financePayOrder = pgTable(
  'xpark_finance_pay_order',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    tradeNo: varchar('trade_no', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    description: varchar('description', { length: 128 }).notNull().default(''),
    totalFee: bigint('total_fee', { mode: 'number' }).notNull(),
    smsCount: integer('sms_count').notNull().default(0),
    cardId: id('card_id'),
    cardNo: varchar('card_no', { length: 32 }).notNull().default(''),
    settingId: id('setting_id'),
    codeUrl: varchar('code_url', { length: 500 }).notNull().default(''),
    transactionId: varchar('transaction_id', { length: 64 }).notNull().default(''),
    payTime: timestamp('pay_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    ...tenantIndexes('xpark_finance_pay_order', t),
    uniqueIndex('xpark_finance_pay_order_trade_uq').on(t.tradeNo),
    index('xpark_finance_pay_order_open_idx').on(t.status, t.createTime),
  ],
)

/** A tenant's SMS credits: bought through pay orders, used by the SMS sender. */
export const financeSmsAccount = pgTable('xpark_finance_sms_account', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  purchased: integer('purchased').notNull().default(0),
  used: integer('used').notNull().default(0),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
