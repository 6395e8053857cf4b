import { defineContract } from '@xpark/contract/kit'
import { sql } from 'drizzle-orm'
import { pgTable, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { baseColumns, id } from '../../db/columns.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError } from '../errors.js'
import { defineResource } from './resource.js'
import { columnValues } from './rows.js'
import { insertRow, updateRow } from './store.js'

/**
 * What a resource's writes hand its hooks (issue 27, the tenant resource): form fields that are no
 * column (`inputs`), the values an insert or update wrote (`afterCommit`), and a uniqueness message
 * naming the value that repeats. Each expectation fails when its part is taken out (noted beside it).
 */

const thing = pgTable('xpark_t_hooked', {
  id: id('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  ...baseColumns(),
})
const DDL = `create table xpark_t_hooked (id bigint primary key, name varchar(64) not null,
  create_user bigint, create_dept bigint, create_time timestamptz not null default now(), update_user bigint,
  update_time timestamptz not null default now(), status integer not null default 1,
  is_deleted smallint not null default 0)`

const contract = defineContract({
  path: 'test/hooked',
  code: 'test_hooked',
  form: z.object({ name: z.string(), secret: z.string().optional() }),
  row: z.object({ id: z.string(), name: z.string() }),
})

const seen: { hook: string; values: Record<string, unknown> }[] = []
const things = defineResource({
  contract,
  table: thing,
  inputs: ['secret'],
  unique: [{ fields: ['name'], message: '名称已存在: {name}' }],
  beforeWrite: async ({ values }) => {
    seen.push({ hook: 'beforeWrite', values: { ...values } })
  },
  afterWrite: async ({ values }) => {
    seen.push({ hook: 'afterWrite', values: { ...values } })
  },
  afterCommit: async ({ verb, values }) => {
    seen.push({ hook: `afterCommit ${verb}`, values: { ...values } })
  },
})

const platform = {
  userId: '1',
  tenantId: '000000',
  deptIds: [],
} as unknown as AuthContext

describe('write hooks', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
    await t.database.db.execute(sql.raw(DDL))
  })
  afterAll(() => t.close())

  it('a form field that is no column must be declared an input, and an input must be no column', () => {
    expect(() => defineResource({ contract, table: thing })).toThrow(
      'form field secret is not a column (or declare it among inputs)',
    )
    expect(() => defineResource({ contract, table: thing, inputs: ['secret', 'name'] })).toThrow(
      'input name is a column',
    )
  })

  it('inputs reach every hook and never the table; afterCommit gets what was written', async () => {
    // without the stripping the row's values would carry `secret` to the insert
    expect(columnValues(things, { name: 'a', secret: 's' })).toEqual({ name: 'a' })
    const made = await insertRow(t.database.db, things, platform, { name: 'A', secret: 's1' })
    await updateRow(t.database.db, things, platform, made, { name: 'B', secret: 's2' })
    expect(seen.map((s) => [s.hook, s.values.secret])).toEqual([
      ['beforeWrite', 's1'],
      ['afterWrite', 's1'],
      ['afterCommit insert', 's1'],
      ['beforeWrite', 's2'],
      ['afterWrite', 's2'],
      ['afterCommit update', 's2'],
    ])
    expect(seen.at(-1)!.values.name).toBe('B')
  })

  it('a uniqueness message names the value that repeats', async () => {
    await insertRow(t.database.db, things, platform, { name: 'C' })
    const refused = await insertRow(t.database.db, things, platform, { name: 'C' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).message).toBe('名称已存在: C')
  })
})
