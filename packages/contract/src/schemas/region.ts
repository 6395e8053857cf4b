import { z } from 'zod'
import { ADMINISTRATOR, defineCall, SIGNED_IN } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply, pageOf, treeNodeReply } from '../replies.js'
import { integerInput, optionalNumberInput } from '../values.js'
import { optionalText, requiredText } from './common.js'

/** parent_code of a province (BladeX region seed). */
export const REGION_ROOT = '00'

const code = (message: string) => requiredText(message, 12).regex(/^\d{2,12}$/, `${message} (2 to 12 digits)`)

/** An administrative region (BladeX blade_region): the code is the key. */
export const RegionSchema = z.object({
  code: code('enter region code'),
  parentCode: code('enter parent region code'),
  name: requiredText('enter region name', 32),
  /** 1 province, 2 city, 3 district, 4 town, 5 village */
  regionLevel: integerInput('select region level', 1, 5),
  sort: optionalNumberInput('enter region sort', z.number().int('enter region sort')),
  remark: optionalText('remark', 255),
})
export type RegionForm = z.infer<typeof RegionSchema>

/** A region as the list and detail answer it (with its ancestors' codes and names per level). */
export const RegionRow = z.object({
  code: wire.text,
  parentCode: wire.text,
  ancestors: wire.text,
  name: wire.text,
  provinceCode: wire.text,
  provinceName: wire.text,
  cityCode: wire.text,
  cityName: wire.text,
  districtCode: wire.text,
  districtName: wire.text,
  townCode: wire.text,
  townName: wire.text,
  villageCode: wire.text,
  villageName: wire.text,
  regionLevel: wire.number,
  sort: wire.number,
  remark: wire.text,
})
export type RegionRow = z.infer<typeof RegionRow>

const PATH = 'blade-system/region'

/**
 * blade-system/region (BladeX RegionController), for the screen: keyed by its code (no id column,
 * so the server answers it by hand: the calls below), paged `list` filtered by parent code, `detail`
 * by `code`, `remove` one code as `id`. Everyone signed in reads (forms pick regions); the writes
 * are the platform administrator's.
 */
export const regionContract = defineContract({
  path: PATH,
  code: 'region',
  form: RegionSchema,
  row: RegionRow,
  filters: { code: 'like', name: 'like', parentCode: 'eq', regionLevel: 'eq' },
  sorts: ['code', 'name', 'sort', 'regionLevel'],
  routes: {
    list: false,
    save: false,
    update: false,
    page: 'list',
    detail: { path: 'detail', idParam: 'code' },
    remove: { path: 'remove', idParam: 'id' },
  },
  permissions: { view: SIGNED_IN },
  writeReply: 'status',
})

const regionCode = (name: string) =>
  z.string({ error: `${name} is required` }).regex(/^\d{1,12}$/, `${name}: 1 to 12 digits`)
const text = (what: string) => z.string().optional().describe(what)
const ParentCode = z.object({
  parentCode: regionCode('parentCode').optional().describe(`default ${REGION_ROOT}`),
})
const read = { method: 'GET', permission: SIGNED_IN } as const
const write = { method: 'POST', permission: ADMINISTRATOR, reply: doneReply } as const

export const regionCalls = {
  list: defineCall({
    ...read,
    path: `${PATH}/list`,
    params: z
      .object({
        current: text('page'),
        size: text('rows per page'),
        code: text('like'),
        name: text('like'),
        parentCode: text('eq'),
        regionLevel: text('eq (1 province … 5 village)'),
      })
      .loose(),
    reply: pageOf(RegionRow),
    summary: 'region: paged list',
  }),
  lazyList: defineCall({
    ...read,
    path: `${PATH}/lazy-list`,
    params: ParentCode,
    reply: z.array(RegionRow.extend({ hasChildren: z.boolean() })),
    summary: 'region: the children of a parent code, with hasChildren',
  }),
  lazyTree: defineCall({
    ...read,
    path: `${PATH}/lazy-tree`,
    params: ParentCode,
    reply: z.array(treeNodeReply),
    summary: 'region: TreeNodes of the children of a parent code',
  }),
  detail: defineCall({
    ...read,
    path: `${PATH}/detail`,
    params: z.object({ code: regionCode('code') }),
    reply: RegionRow.extend({ parentName: wire.text }),
    summary: 'region: one region by code',
  }),
  // BladeX submit: an existing code is an update (region_edit), a new one an insert (region_add);
  // regions are platform data, the platform administrator writes them
  submit: defineCall({
    ...write,
    path: `${PATH}/submit`,
    in: 'body',
    params: RegionSchema,
    summary: 'region: insert, or update when the code exists',
  }),
  remove: defineCall({
    ...write,
    path: `${PATH}/remove`,
    in: 'query',
    params: z.object({ id: regionCode('id') }),
    summary: 'region: delete one region without children',
  }),
}
