import { getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { ReferenceTarget, Resource } from '../core/crud/index.js'
import { formatDateTime } from '../core/envelope.js'
import { scoped } from '../core/tenancy.js'
import type { Headers, TestContext } from './harness.js'

type Json = Record<string, unknown>
type Columns = Record<string, PgColumn>

/**
 * A first row for the resources the demo data leaves empty, made through their insert route (their
 * references filled with the caller's first row of each target). A resource with neither a demo row
 * nor a sample is given one made from its form (`formSample`), where the form allows.
 */
export const SAMPLES: Readonly<Record<string, Json>> = {
  'blade-system/data-scope': {
    resourceCode: 'sweep',
    scopeName: '巡检范围',
    scopeColumn: 'create_user',
    scopeType: 1,
  },
  'blade-system/api-scope': {
    resourceCode: 'sweep',
    scopeName: '巡检接口',
    scopePath: '/sweep',
    scopeType: 1,
  },
  'blade-system/proxyTenant': { name: '巡检代理商' },
  'blade-system/datasource': {
    name: '巡检库',
    url: 'jdbc:postgresql://127.0.0.1:5432/sweep',
    username: 'sweep',
  },
  'blade-system/staff/type': { name: '巡检类型', code: 'sweep' },
  'blade-desk/notice': { title: '巡检公告', category: 1, content: '<p>巡检</p>' },
  'blade-desk/shortcut': { name: '巡检', path: '/sweep' },
  'blade-resource/oss': { category: 5, ossCode: 'sweep-disk' },
  'blade-resource/sms': { category: 5, smsCode: 'sweep-log' },
  'park-storage/card': {},
  'park-storage/initStorageGoods': { billNumber: 'QC-SWEEP', quantity: '1', price: 100 },
  'andchu/orderApply': { applicant: '巡检', applyDate: '2026-12-01', mealType: 2, quantity: 1 },
  'blade-workflow/leave': {
    startTime: '2026-12-01 09:00:00',
    endTime: '2026-12-02 18:00:00',
    days: 1,
    reason: '巡检',
  },
  'blade-system/oauth-provider': {
    code: 'sweep',
    name: '巡检登录',
    issuer: 'https://idp.example.com',
    clientId: 'sweep',
  },
}

/**
 * A sample made from the form alone, for a flat resource with neither a demo row nor a `SAMPLES`
 * entry: each required text `sweep` (cut to its limit), each required number its least value or 1.
 * A form it cannot satisfy this way (patterns, choices) needs its entry in `SAMPLES`.
 */
export function formSample(r: Resource): Json {
  type Property = { type?: string; maxLength?: number; minimum?: number; anyOf?: Property[] }
  const json = z.toJSONSchema(r.schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Property>
    required?: string[]
  }
  const sample: Json = {}
  for (const field of json.required ?? []) {
    const raw = json.properties?.[field]
    const p = raw?.anyOf?.find((b) => b.type === 'string' || b.type === 'number') ?? raw
    if (p?.type === 'string') sample[field] = 'sweep'.slice(0, p.maxLength ?? 5)
    else if (p?.type === 'number' || p?.type === 'integer') sample[field] = p.minimum ?? 1
  }
  return sample
}

/** The table a reference declaration names (undefined for `false` and `'checked'`). */
export function targetTable(t: ReferenceTarget): PgTable | undefined {
  if (t === false || t === 'checked') return undefined
  const to = typeof t === 'object' && t !== null && 'to' in t ? t.to : t
  const resolved = typeof to === 'function' ? (to as () => Resource)() : to
  return 'table' in (resolved as object) && 'contract' in (resolved as object)
    ? (resolved as Resource).table
    : (resolved as PgTable)
}

/** The caller tenant's first row of a table. */
export async function firstRowOf(
  t: TestContext,
  table: PgTable,
  tenantId: string,
): Promise<string | undefined> {
  const [hit] = (await t.database.db
    .select({ id: (getTableColumns(table) as Columns).id! })
    .from(table)
    .where(scoped(table, { tenantId }))
    .limit(1)) as { id: string }[]
  return hit?.id
}

/**
 * Insert a sample through the resource's insert route: `body` with every single-valued reference it
 * leaves out filled with the caller tenant's first row of the target. Answers the status and body.
 */
export async function insertSample(
  t: TestContext,
  headers: Headers,
  r: Resource,
  url: string,
  body: Json,
  tenantId = '100001',
): Promise<{ status: number; body: string; id?: string }> {
  const filled: Json = { ...body }
  for (const [field, target] of Object.entries(r.references ?? {})) {
    const table = targetTable(target)
    const many = typeof target === 'object' && 'many' in target && target.many === true
    if (table && !(field in filled) && !many) filled[field] = await firstRowOf(t, table, tenantId)
  }
  const res = await t.app.inject({ method: 'POST', url, headers, payload: filled })
  const id = res.statusCode === 200 ? (res.json() as { data?: { id?: string } }).data?.id : undefined
  return { status: res.statusCode, body: res.body.slice(0, 300), ...(id ? { id } : {}) }
}

/** The wire form of a value read from the database (dates as the console sends them). */
export function wireValue(v: unknown): unknown {
  return v instanceof Date ? formatDateTime(v) : v
}

let copies = 0

/**
 * A new row like `row`, through the resource's insert route: its form fields, with the values of its
 * unique rules made new (`sweep-<n>`). For what needs a row nothing points at yet.
 */
export async function copyRow(
  t: TestContext,
  headers: Headers,
  r: Resource,
  url: string,
  row: Json,
  overrides: Json = {},
): Promise<{ status: number; body: string; id?: string }> {
  const body: Json = {}
  for (const field of Object.keys(r.schema.shape))
    if (row[field] !== null && row[field] !== undefined && !r.omit?.includes(field))
      body[field] = wireValue(row[field])
  for (const rule of r.unique ?? [])
    for (const field of rule.fields) if (typeof body[field] === 'string') body[field] = `sweep-${++copies}`
  const res = await t.app.inject({ method: 'POST', url, headers, payload: { ...body, ...overrides } })
  const id = res.statusCode === 200 ? (res.json() as { data?: { id?: string } }).data?.id : undefined
  return { status: res.statusCode, body: res.body.slice(0, 300), ...(id ? { id } : {}) }
}
