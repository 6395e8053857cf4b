import { z } from 'zod'
import { defineCall } from '../calls.js'
import { choice, dayInput, optionalText, reference, wire } from '../fields.js'
import { defineContract } from '../kit.js'

/**
 * Duty management (spec 01 §7 "Duty", spec 02 §7): who is on duty on which day and shift, shift
 * changes between two people (`changeShifts`), the duty sheet's export and its template (xlsx).
 * See docs/modules/duty.md.
 */

/** Shifts (dict `duty_shift`). */
export const DUTY_SHIFT = { day: 1, night: 2 } as const
export const DUTY_SHIFT_NAMES: Record<number, string> = { 1: '白班', 2: '夜班' }

export const dutyDate = dayInput('duty date: yyyy-MM-dd')

export const dutyPersonContract = defineContract({
  path: 'blade-dutyPerson/dutyPerson',
  code: 'duty_person',
  label: 'userName',
  form: z.object({
    dutyDate,
    shift: choice('please select shift', 1, 2),
    userId: reference('please select duty person'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    dutyDate: wire.text,
    shift: wire.number,
    userId: wire.id,
    userName: wire.optionalText,
    phone: wire.optionalText,
    account: wire.optionalText,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { dutyDate: 'eq', shift: 'eq', userId: 'eq' },
  sorts: ['dutyDate', 'shift', 'createTime'],
  excel: { export: '/dutyManagement/export', template: 'exportTemplate', import: 'importDuty' },
})

/**
 * `changeShifts`: the person of duty `id` swaps with the person of duty `targetId` (换班), or hands
 * the duty to another person `userId` (代班). One of the two.
 */
export const ChangeShiftsInput = z
  .object({
    id: reference('please select a duty'),
    targetId: reference('please select the duty to swap with').optional(),
    userId: reference('please select duty person').optional(),
  })
  .refine((v) => (v.targetId === undefined) !== (v.userId === undefined), {
    message: 'give targetId (swap) or userId (hand over), one of the two',
  })

export const changeShiftsCall = defineCall({
  path: 'blade-dutyPerson/dutyPerson/changeShifts',
  method: 'POST',
  permission: 'duty_person_change',
  params: ChangeShiftsInput,
  reply: z.object({}),
  summary: 'dutyPerson: swap the people of duties id and targetId, or hand duty id to userId',
})

export type DutyPersonRow = z.infer<typeof dutyPersonContract.row>
