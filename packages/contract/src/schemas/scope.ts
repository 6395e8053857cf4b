import { z } from 'zod'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { integerInput, optionalNumberInput } from '../values.js'
import { idString, requiredText } from './common.js'

/**
 * Data scope and API scope forms (BladeX blade_scope_data, blade_scope_api), and the structured
 * custom rule of data scope type 5, which replaces BladeX's free SQL `scope_value`.
 */

const required = requiredText

/** A column name (snake_case as in SQL, or the camelCase field): never free text. */
export const scopeColumnName = z
  .string({ error: 'please enter a column' })
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_]{0,62}$/, 'column: lower-case letters, digits and _ (a column of the resource)')

/** 1 all, 2 own, 3 own dept, 4 own dept and children, 5 custom. */
export const DATA_SCOPE_TYPES = [1, 2, 3, 4, 5] as const

/** Values a custom rule may take from the signed-in user. */
export const SCOPE_PLACEHOLDERS = [
  `\${userId}`,
  `\${deptId}`,
  `\${deptIds}`,
  `\${tenantId}`,
  `\${roleIds}`,
] as const

/** One condition of a custom rule: `column = value` or `column in (values)`. */
export const CustomScopeCondition = z
  .object({
    column: scopeColumnName,
    op: z.enum(['eq', 'in']),
    values: z
      .array(
        z
          .string()
          .min(1)
          .max(64)
          .refine(
            (v) => !v.includes(`\${`) || (SCOPE_PLACEHOLDERS as readonly string[]).includes(v),
            `placeholders: ${SCOPE_PLACEHOLDERS.join(', ')}`,
          ),
      )
      .min(1)
      .max(100),
  })
  .strict()
  .refine(
    (c) => c.op === 'in' || (c.values.length === 1 && ![`\${deptIds}`, `\${roleIds}`].includes(c.values[0]!)),
    {
      message: 'eq takes exactly one single value',
    },
  )
/** A custom rule: conditions that must all hold (rules of several roles are ORed). */
export const CustomScopeRule = z.array(CustomScopeCondition).min(1).max(10)
export type CustomScopeRule = z.infer<typeof CustomScopeRule>

/** Parse a stored `scope_value`; null when it is not a valid custom rule. */
export function parseCustomScope(text: string): CustomScopeRule | null {
  try {
    const parsed = CustomScopeRule.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** `blade-system/data-scope` form. `scopeValue` must be a custom rule (JSON) when scopeType is 5. */
export const DataScopeForm = z.object({
  menuId: idString,
  resourceCode: z
    .string({ error: 'please enter resource code' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,254}$/, 'resource code: letters, digits and _ . : -'),
  scopeName: required('please enter scope name', 255),
  scopeField: z.string().trim().max(255).optional(),
  scopeClass: z.string().trim().max(500).optional(),
  scopeColumn: scopeColumnName.optional(),
  scopeType: integerInput('scope type must be 1 to 5', 1, 5),
  scopeValue: z.string().max(2000).optional(),
  remark: z.string().max(255).optional(),
})
export type DataScopeForm = z.infer<typeof DataScopeForm>

/** `blade-system/api-scope` form; a granted `scopePath` lets a role call the API paths containing it. */
export const ApiScopeForm = z.object({
  menuId: idString,
  resourceCode: z
    .string({ error: 'please enter resource code' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,254}$/, 'resource code: letters, digits and _ . : -'),
  scopeName: required('please enter scope name', 255),
  scopePath: z
    .string({ error: 'please enter scope path' })
    .trim()
    .regex(/^\/[A-Za-z0-9_\-./]{1,254}$/, 'scope path: an API path fragment starting with /'),
  scopeType: optionalNumberInput(
    'scope type must be 1 or 2',
    z
      .number()
      .int('scope type must be 1 or 2')
      .min(1, 'scope type must be 1 or 2')
      .max(2, 'scope type must be 1 or 2'),
  ),
  remark: z.string().max(255).optional(),
})
export type ApiScopeForm = z.infer<typeof ApiScopeForm>

/** blade-system/data-scope as the page and detail answer it. */
export const DataScopeRow = z.object({
  id: wire.id,
  menuId: wire.id,
  resourceCode: wire.text,
  scopeName: wire.text,
  scopeField: wire.text,
  scopeClass: wire.text,
  scopeColumn: wire.text,
  scopeType: wire.number,
  scopeValue: wire.text,
  remark: wire.text,
})
export type DataScopeRow = z.infer<typeof DataScopeRow>

/** blade-system/data-scope: the data-scope rules of the menus (platform data). The writes answer BladeX's `R.status(true)`. */
export const dataScopeContract = defineContract({
  path: 'blade-system/data-scope',
  code: 'datascope',
  form: DataScopeForm,
  row: DataScopeRow,
  label: 'scopeName',
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like', scopeType: 'eq' },
  sorts: ['scopeName', 'resourceCode', 'createTime'],
  writeReply: 'status',
})

/** blade-system/api-scope as the page and detail answer it. */
export const ApiScopeRow = z.object({
  id: wire.id,
  menuId: wire.id,
  resourceCode: wire.text,
  scopeName: wire.text,
  scopePath: wire.text,
  scopeType: wire.number,
  remark: wire.text,
})
export type ApiScopeRow = z.infer<typeof ApiScopeRow>

/** blade-system/api-scope: the API-scope rules of the menus (platform data). The writes answer BladeX's `R.status(true)`. */
export const apiScopeContract = defineContract({
  path: 'blade-system/api-scope',
  code: 'apiscope',
  form: ApiScopeForm,
  row: ApiScopeRow,
  label: 'scopeName',
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like', scopePath: 'like' },
  sorts: ['scopeName', 'resourceCode', 'createTime'],
  writeReply: 'status',
})
