import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { defineContract } from '../kit.js'
import { optionalNumberInput } from '../values.js'
import { optionalText, requiredText } from './common.js'
import { StaffTypeRow } from './rows.js'

/** A staff type of a tenant (员工类型, `blade-system/staff/type`): the code is unique per tenant. */
export const StaffTypeSchema = z.object({
  name: requiredText('please enter staff type name', 64),
  code: requiredText('please enter staff type code', 64).regex(
    /^[A-Za-z0-9_-]+$/,
    'staff type code: letters, digits, _ and - only',
  ),
  sort: optionalNumberInput(
    'sort must be a number',
    z
      .number()
      .int('sort must be a whole number')
      .min(0, 'sort: at least 0')
      .max(1_000_000, 'sort: at most 1000000'),
  ),
  remark: optionalText('remark', 255),
})
export type StaffTypeForm = z.infer<typeof StaffTypeSchema>

/** blade-system/staff/type: a tenant's staff types. The writes answer BladeX's `R.status(true)`. */
export const staffTypeContract = defineContract({
  path: 'blade-system/staff/type',
  code: 'stafftype',
  form: StaffTypeSchema,
  row: StaffTypeRow,
  filters: { name: 'like', code: 'like' },
  sorts: ['sort', 'name', 'code', 'createTime'],
  writeReply: 'status',
})

/** `staff/type/select`: what the pickers of other screens offer, for every signed-in user of the tenant. */
export const staffTypeSelectCall = defineCall({
  path: 'blade-system/staff/type/select',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(StaffTypeRow.pick({ id: true, name: true, code: true })),
  summary: 'staffType: id, name and code of every staff type, by sort',
  tag: 'staffType',
})
