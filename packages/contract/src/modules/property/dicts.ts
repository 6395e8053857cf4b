import { z } from 'zod'
import { code, optionalText, requiredText, sort, wire } from '../../fields.js'
import { defineContract } from '../../kit.js'

/**
 * The property dictionaries: business dictionaries of the tenant (`blade_dict_biz`) under these
 * codes, which a park relabels on 服务类型 (`query/add/update/del-dict`) and the app reads
 * (`query-type`, `getTrouble`, `getDict`). Seeded for the platform (new tenants copy them) and the
 * demo park.
 */
export const PROPERTY_DICTS = {
  property_repair_type: '报修类型',
  property_clean_type: '保洁类型',
  property_trouble: '故障现象',
  property_check_category: '检查类别',
} as const
export type PropertyDictCode = keyof typeof PROPERTY_DICTS
export const PROPERTY_DICT_CODES = Object.keys(PROPERTY_DICTS) as [PropertyDictCode, ...PropertyDictCode[]]

export const propertyDictCode = z.enum(PROPERTY_DICT_CODES, {
  error: 'code: one of the property dictionaries',
})

/** An entry of a property dictionary, as 服务类型 lists and edits it. */
export const propertyDictContract = defineContract({
  path: 'ydzy/cmzy',
  code: 'property_type',
  label: 'dictValue',
  form: z.object({
    code: propertyDictCode,
    dictKey: code('please input the key', 32),
    dictValue: requiredText('please input the name', 64),
    sort,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    parentId: wire.id,
    code: wire.text,
    dictKey: wire.text,
    dictValue: wire.text,
    sort: wire.number,
    remark: wire.text,
  }),
  filters: { code: 'eq', dictValue: 'like' },
  sorts: ['sort'],
  routes: {
    list: false,
    submit: false,
    page: { path: 'query-dict', methods: ['GET', 'POST'] },
    detail: 'dict-detail',
    save: 'add-dict',
    update: 'update-dict',
    remove: 'del-dict',
  },
})
export type PropertyDictRow = z.infer<typeof propertyDictContract.row>
