import { z } from 'zod'
import { defineContract } from '../kit.js'
import { requiredText } from './common.js'
import { ParamRow } from './rows.js'

/** The parameter form (spec 01 §3, §5). */
export const ParamSchema = z.object({
  paramName: requiredText('please enter parameter name', 255),
  paramKey: requiredText('please enter parameter key', 255),
  paramValue: requiredText('please enter parameter value', 100_000),
  remark: z.string().max(255, 'remark: at most 255 characters').optional(),
})
export type ParamForm = z.infer<typeof ParamSchema>

/**
 * blade-system/param: global system parameters; every `param_view` holder reads, the platform
 * administrator writes. The writes answer BladeX's `R.status(true)`.
 */
export const paramContract = defineContract({
  path: 'blade-system/param',
  code: 'param',
  form: ParamSchema,
  row: ParamRow,
  label: 'paramName',
  filters: { paramName: 'like', paramKey: 'like' },
  sorts: ['paramName', 'paramKey', 'createTime', 'updateTime'],
  writeReply: 'status',
})
