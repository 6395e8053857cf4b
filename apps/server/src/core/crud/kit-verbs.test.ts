import { defineContract, NOT_YOURS } from '@xpark/contract/kit'
import { codedTreeContract } from '@xpark/contract/presets'
import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { baseColumns, id, tenantColumns } from '../../db/columns.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError } from '../errors.js'
import { keyedByTenant } from '../tenancy.js'
import { runAction } from './actions.js'
import { importWorkbook } from './excel.js'
import { lookup, lookupMany } from './expand.js'
import { codedTreeResource } from './presets.js'
import { defineResource } from './resource.js'
import { findRow, insertRow, listRows, removeRows, updateRow } from './store.js'

/**
 * The kit's verbs of issues 26 and 27, each on tables of its own made for the test: a table keyed by
 * its tenant id, references (one and many, across tenants), in-use rules over a batch, Excel cells
 * naming several rows, the labels of a comma list, and the coded tree-category preset. Each
 * expectation fails when its verb is taken out (noted beside it).
 */

const keyed = keyedByTenant(
  pgTable('xpark_t_keyed', {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    ...baseColumns(),
  }),
)
const label = pgTable('xpark_t_label', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
})
const holder = pgTable('xpark_t_holder', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  labelId: id('label_id'),
  labelIds: text('label_ids').notNull().default(''),
})
const category = pgTable('xpark_t_category', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  parentId: id('parent_id').notNull(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
})

const order = pgTable('xpark_t_order', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  state: integer('state').notNull().default(0),
  workerId: id('worker_id'),
  reporterId: id('reporter_id'),
})

const DDL = `
create table xpark_t_keyed (id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null,
  create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
  status integer not null default 1, is_deleted integer not null default 0);
create table xpark_t_label (id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null,
  create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
  status integer not null default 1, is_deleted integer not null default 0);
create table xpark_t_holder (id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null,
  label_id bigint, label_ids text not null default '',
  create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
  status integer not null default 1, is_deleted integer not null default 0);
create table xpark_t_category (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null,
  code varchar(32) not null, name varchar(64) not null, sort integer not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
  status integer not null default 1, is_deleted integer not null default 0);
create table xpark_t_order (id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null,
  state integer not null default 0, worker_id bigint, reporter_id bigint,
  create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
  status integer not null default 1, is_deleted integer not null default 0);`

const row = z.object({ id: z.string(), name: z.string() })
const keyedResource = defineResource({
  contract: defineContract({
    path: 'test/keyed',
    code: 'test_keyed',
    form: z.object({ name: z.string() }),
    row,
  }),
  table: keyed,
  // a keyed row names itself: the resource makes its key
  beforeWrite: async ({ values, id: existing }) => {
    if (!existing) (values as Record<string, unknown>).tenantId = `9${String(Date.now()).slice(-5)}`
  },
})
const labels = defineResource({
  contract: defineContract({
    path: 'test/label',
    code: 'test_label',
    form: z.object({ name: z.string() }),
    row,
    excel: { import: 'import' },
  }),
  table: label,
  excel: { columns: [{ header: '名称', key: 'name' }], import: { row: z.object({ name: z.string() }) } },
  inUse: [
    { table: holder, column: 'labelId', message: '标签仍被使用: {label}' },
    { table: holder, column: 'labelIds', many: true, message: '标签仍在列表中: {label}' },
  ],
})
const holders = defineResource({
  contract: defineContract({
    path: 'test/holder',
    code: 'test_holder',
    form: z.object({ name: z.string(), labelId: z.string().optional(), labelIds: z.string().optional() }),
    row: row.extend({ labelNames: z.string() }),
    filters: { name: 'eq' },
    excel: { import: 'import' },
  }),
  table: holder,
  references: { labelId: labels, labelIds: { to: labels, many: true } },
  expand: { labelNames: lookupMany(label, 'name', 'labelIds'), labelName: lookup(label, 'name', 'labelId') },
  excel: {
    columns: [
      { header: '名称', key: 'name' },
      { header: '标签', key: 'labelNames' },
    ],
    import: {
      row: z.object({ name: z.string(), labelNames: z.string() }),
      references: {
        labelNames: { table: label, column: 'name', into: 'labelIds', message: '标签不存在', many: true },
      },
    },
  },
})
const categories = codedTreeResource({
  contract: codedTreeContract({ path: 'test/category', code: 'test_category', noun: 'category' }),
  table: category,
  duplicate: '分类编码已存在',
})

const orders = defineResource({
  contract: defineContract({
    path: 'test/order',
    code: 'test_order',
    form: z.object({ name: z.string() }),
    row: row.extend({ state: z.number(), workerId: z.string(), reporterId: z.string() }),
    actions: {
      move: {
        state: 'state',
        target: 'ids',
        input: z.object({ to: z.coerce.number() }),
        transitions: [
          { label: 'accept', from: [1], to: 2, when: { to: 2 }, by: { field: 'workerId' } },
          {
            label: 'cancel',
            from: [0, 1],
            to: 9,
            when: { to: 9 },
            by: { field: 'reporterId', refusal: '只能取消自己的报修' },
          },
          { label: 'dispatch', from: [0], to: 1, when: { to: 1 } },
        ],
      },
    },
  }),
  table: order,
})

function caller(tenantId: string, userId = '1'): AuthContext {
  return {
    userId,
    tenantId,
    account: 'test',
    userName: 'test',
    roleIds: [],
    roleAliases: [],
    deptIds: [],
    clientId: 'test',
    jti: 'j',
    familyId: 'f',
    exp: 0,
  }
}

async function status(work: Promise<unknown>): Promise<[number, string]> {
  try {
    await work
    return [200, '']
  } catch (e) {
    if (e instanceof AppError) return [e.code, e.message]
    throw e
  }
}

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const ws = book.addWorksheet('Sheet1')
  ws.addRow(['名称', '标签'])
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('the kit’s verbs', () => {
  let t: TestContext
  const park = caller('100001')
  const other = caller('100002')
  const platform = caller('000000')

  beforeAll(async () => {
    t = await startTestApp()
    for (const statement of DDL.split(';').filter((s) => s.trim()))
      await t.database.db.execute(sql.raw(statement))
  })
  afterAll(() => t.close())

  it('a table keyed by its tenant id: every tenant’s row is there for the platform, the key is the resource’s', async () => {
    const db = t.database.db
    const a = await insertRow(db, keyedResource, platform, { name: 'A' })
    await db.insert(keyed).values({ id: '1', tenantId: '100001', name: 'park' })
    const rows = (await listRows(db, keyedResource, platform, { size: '100' })).records
    // without keyedByTenant the list would hold only tenant 000000's rows (none)
    expect(rows.map((r) => r.name).sort()).toEqual(['A', 'park'])
    const [made] = await db.select().from(keyed).where(eq(keyed.id, a))
    // without it stamped() would write the caller's tenant over the resource's key
    expect(made!.tenantId).toMatch(/^9\d{5}$/)
    await updateRow(db, keyedResource, platform, a, { name: 'B' })
    expect((await findRow(db, keyedResource, platform, a)).name).toBe('B')
  })

  it('references name live rows of the caller’s tenant, one or many, or the write is refused', async () => {
    const db = t.database.db
    const own = await insertRow(db, labels, park, { name: '自己的' })
    const foreign = await insertRow(db, labels, other, { name: '别人的' })
    for (const values of [
      { name: 'x', labelId: foreign },
      { name: 'x', labelId: '9000000000000000001' },
      { name: 'x', labelIds: `${own},${foreign}` },
      { name: 'x', labelIds: `${own},abc` },
    ]) {
      const [code, message] = await status(insertRow(db, holders, park, values))
      // without the declaration the row would be written (200)
      expect(code, JSON.stringify(values)).toBe(400)
      expect(message).toMatch(/^参数校验失败: labelIds?: 所选数据不存在或无权访问$/)
    }
    expect(await db.$count(holder)).toBe(0)
    const id = await insertRow(db, holders, park, { name: 'ok', labelId: own, labelIds: own })
    expect((await findRow(db, holders, park, id)).labelNames).toBe('自己的')
    expect((await status(updateRow(db, holders, park, id, { labelId: foreign })))[0]).toBe(400)
  })

  it('in-use rules refuse a batch with one held row and remove none (one reference and a list)', async () => {
    const db = t.database.db
    const free = await insertRow(db, labels, park, { name: '空闲' })
    const held = await insertRow(db, labels, park, { name: '被用' })
    const listed = await insertRow(db, labels, park, { name: '在列表' })
    await insertRow(db, holders, park, { name: 'h1', labelId: held })
    await insertRow(db, holders, park, { name: 'h2', labelIds: listed })
    // without inUse both batches would go (200)
    expect(await status(removeRows(db, labels, park, [free, held]))).toEqual([409, '标签仍被使用: 被用'])
    expect(await status(removeRows(db, labels, park, [free, listed]))).toEqual([
      409,
      '标签仍在列表中: 在列表',
    ])
    expect((await findRow(db, labels, park, free)).name).toBe('空闲')
    expect((await status(removeRows(db, labels, park, [free])))[0]).toBe(200)
  })

  it('an Excel cell naming several rows resolves each name; an unknown or shared name is the row’s error', async () => {
    const db = t.database.db
    await insertRow(db, labels, park, { name: '红' })
    await insertRow(db, labels, park, { name: '绿' })
    await insertRow(db, labels, park, { name: '重名' })
    await insertRow(db, labels, park, { name: '重名' })
    const ok = await importWorkbook(
      db,
      holders,
      park,
      await sheet([
        ['一', '红，绿'],
        ['二', '绿'],
      ]),
      false,
    )
    expect(ok).toMatchObject({ imported: 2, errors: [] })
    const listed = (await listRows(db, holders, park, { name: '一', size: '10' })).records
    // without `many` the cell '红，绿' would be one unknown name
    expect(listed[0]?.labelNames).toBe('红,绿')
    const bad = await importWorkbook(
      db,
      holders,
      park,
      await sheet([
        ['三', '红、蓝'],
        ['四', '重名'],
      ]),
      false,
    )
    expect(bad.imported).toBe(0)
    expect(bad.errors).toEqual([
      { row: 2, messages: ['标签不存在: 蓝'] },
      { row: 3, messages: ['标签不存在: 重名 (名称不唯一)'] },
    ])
  })

  it('a transition taken `by` the person its row names: anyone else is refused with 403 and nothing moves', async () => {
    const db = t.database.db
    const worker = caller('100001', '501')
    const reporter = caller('100001', '502')
    const mine = await insertRow(db, orders, park, { name: 'a' })
    const theirs = await insertRow(db, orders, park, { name: 'b' })
    await db.update(order).set({ state: 1, workerId: '501', reporterId: '502' }).where(eq(order.id, mine))
    await db.update(order).set({ state: 1, workerId: '777', reporterId: '502' }).where(eq(order.id, theirs))
    const stateOf = async (id: string) => (await db.select().from(order).where(eq(order.id, id)))[0]?.state
    // one row of the batch names another worker: neither moves (without `by` both would be 2)
    expect(await status(runAction(db, orders, worker, 'move', { ids: `${mine},${theirs}`, to: 2 }))).toEqual([
      403,
      NOT_YOURS,
    ])
    expect([await stateOf(mine), await stateOf(theirs)]).toEqual([1, 1])
    expect(await status(runAction(db, orders, reporter, 'move', { ids: mine, to: 2 }))).toEqual([
      403,
      NOT_YOURS,
    ])
    expect(await status(runAction(db, orders, worker, 'move', { ids: mine, to: 9 }))).toEqual([
      403,
      '只能取消自己的报修',
    ])
    expect(await status(runAction(db, orders, worker, 'move', { ids: mine, to: 2 }))).toEqual([200, ''])
    expect(await stateOf(mine)).toBe(2)
    // the state is checked first: a move the state does not allow is 409 whoever asks
    expect((await status(runAction(db, orders, reporter, 'move', { ids: mine, to: 9 })))[0]).toBe(409)
    // a transition without `by` is anyone's who holds the button
    const fresh = await insertRow(db, orders, park, { name: 'c' })
    expect(await status(runAction(db, orders, reporter, 'move', { ids: fresh, to: 1 }))).toEqual([200, ''])
  })

  it('a coded tree-category: the code unique in the tenant, each node with its parent’s name', async () => {
    const db = t.database.db
    const root = await insertRow(db, categories, park, { code: 'C1', name: '根' })
    const child = await insertRow(db, categories, park, { code: 'C2', name: '叶', parentId: root })
    expect(await status(insertRow(db, categories, park, { code: 'C1', name: '重复' }))).toEqual([
      400,
      '分类编码已存在',
    ])
    expect((await insertRow(db, categories, other, { code: 'C1', name: '别的租户' })).length).toBeGreaterThan(
      0,
    )
    expect((await findRow(db, categories, park, child)).parentName).toBe('根')
    expect(
      (
        await status(
          insertRow(db, categories, park, { code: 'C3', name: 'x', parentId: '9000000000000000001' }),
        )
      )[0],
    ).toBe(400)
  })
})
