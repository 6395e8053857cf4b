import { defineContract, type ResourceContractInput } from '@xpark/contract/kit'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { dept, user, userFilters } from '../../compose/schema.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError } from '../errors.js'
import { nextId } from '../ids.js'
import { defineResource } from './resource.js'
import { findRow, insertRow, listRows, removeRows, updateRow } from './store.js'

/** The factory on a tenant table: another tenant's rows are not there, for reads and for writes. */

const schema = z.object({ deptName: z.string().min(1), remark: z.string().optional() })
const row = z.object({ id: z.string(), deptName: z.string() })
/** A contract on the dept table (code `test`), with this form and these filters. */
const contractOf = <F extends z.ZodObject>(
  form: F,
  filters: ResourceContractInput<F, typeof row>['filters'] = {},
  path = 'x',
) => defineContract({ path, code: 'test', form, row, label: 'deptName', filters })
const depts = defineResource({ contract: contractOf(schema, { deptName: 'like' }, 'test/dept'), table: dept })

function caller(tenantId: string): AuthContext {
  return {
    userId: '1',
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

async function status(work: Promise<unknown>): Promise<number> {
  try {
    await work
    return 200
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
}

describe('CRUD store tenant isolation', () => {
  let t: TestContext
  const park = caller('100001')
  const platform = caller('000000')
  let parkRow: string

  beforeAll(async () => {
    t = await startTestApp()
    parkRow = await insertRow(t.database.db, depts, park, { deptName: 'isolation-probe' })
  })
  afterAll(() => t.close())

  it('infers tenancy and the write guard from the table', () => {
    expect(depts.tenant).toBe(true)
    expect(depts.writeGuard).toBe('permission')
  })

  it('lists and finds only the caller tenant rows', async () => {
    const db = t.database.db
    expect((await listRows(db, depts, park, { deptName: 'isolation' })).total).toBe(1)
    expect((await listRows(db, depts, platform, { deptName: 'isolation' })).total).toBe(0)
    const row = await findRow(db, depts, park, parkRow)
    expect(row).toMatchObject({ tenantId: '100001', createUser: '1', isDeleted: 0 })
    expect(await status(findRow(db, depts, platform, parkRow))).toBe(404)
  })

  it('an update or remove of another tenant row affects nothing and answers 404', async () => {
    const db = t.database.db
    expect(await status(updateRow(db, depts, platform, parkRow, { deptName: 'taken' }))).toBe(404)
    expect(await status(removeRows(db, depts, platform, [parkRow]))).toBe(404)
    const [row] = await db.select().from(dept).where(eq(dept.id, parkRow))
    expect(row).toMatchObject({ deptName: 'isolation-probe', isDeleted: 0, tenantId: '100001' })
  })

  it('narrows every read and write by the scope hook', async () => {
    const db = t.database.db
    const other = await insertRow(db, depts, park, { deptName: 'outside-scope' })
    const scopedDepts = defineResource({ ...depts, scope: () => eq(dept.id, parkRow) })
    expect((await listRows(db, scopedDepts, park, {})).records.map((r) => r.id)).toEqual([parkRow])
    expect(await status(updateRow(db, scopedDepts, park, other, { deptName: 'x' }))).toBe(404)
    expect(await status(removeRows(db, scopedDepts, park, [other]))).toBe(404)
    expect(await status(removeRows(db, depts, park, [other, String(nextId())]))).toBe(404)
    expect(await status(removeRows(db, depts, park, [other]))).toBe(200)
  })

  it('refuses declarations that would let a client set server columns or that misstate tenancy', () => {
    const base = { table: dept }
    expect(() =>
      defineResource({ ...base, contract: contractOf(z.object({ tenantId: z.string() })) }),
    ).toThrow(/tenantId/)
    expect(() => defineResource({ ...base, contract: contractOf(z.object({ nope: z.string() })) })).toThrow(
      /nope/,
    )
    expect(() => defineResource({ ...base, contract: contractOf(schema), tenant: false })).toThrow(/tenant/)
  })

  it('refuses a filter that asks for a trigram index its table does not have', () => {
    expect(() =>
      defineResource({
        contract: contractOf(schema, { deptName: { op: 'like', index: 'trigram' } }),
        table: dept,
      }),
    ).toThrow(/deptName asks for a trigram index/)
    // blade_user builds its indexes from the same declaration
    const account = z.object({ account: z.string() })
    expect(() =>
      defineResource({
        contract: defineContract({
          path: 'x',
          code: 'test',
          form: account,
          row: z.object({ account: z.string() }),
          label: 'account',
          filters: userFilters,
        }),
        table: user,
      }),
    ).not.toThrow()
  })
})
