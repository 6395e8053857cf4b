import { changeShiftsCall, dutyPersonContract } from '@xpark/contract/modules/duty'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { defineResource, lookup, whereOf } from '../../core/crud/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { Answer, handle } from '../../core/http/calls.js'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { scoped, touched } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { seedDutyDemo } from './demo.js'
import { dutySheet } from './excel.js'
import * as tables from './schema.js'

const { dutyPerson } = tables

/** Duty management (spec 01 §7 "Duty"). See docs/modules/duty.md. */

export const DUTY_PERSON_TAKEN = '该人员在该班次已有值班'
export const DUTY_PERSON_MISSING = '值班人员不存在'
export const DUTY_MISSING = '值班记录不存在'
export const SAME_DUTY = '不能与同一条值班记录换班'
export const CHANGE_SHIFTS_PERMISSION = 'duty_person_change'

/** The person must be a live, enabled user of the tenant. */
async function assertPerson(tx: Tx, tenantId: string, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(scoped(user, { tenantId }, eq(user.id, userId), eq(user.status, 1)))
  if (!row) throw badRequest(DUTY_PERSON_MISSING)
}

export const dutyPersons = defineResource({
  contract: dutyPersonContract,
  table: dutyPerson,
  unique: [{ fields: ['dutyDate', 'shift', 'userId'], message: DUTY_PERSON_TAKEN }],
  expand: {
    userName: lookup(user, 'realName', 'userId'),
    account: lookup(user, 'account', 'userId'),
    phone: lookup(user, 'phone', 'userId'),
  },
  excel: dutySheet,
  references: { userId: 'checked' }, // assertPerson asks more of it: an enabled user
  beforeWrite: async ({ tx, auth, values }) => {
    if (values.userId !== undefined) await assertPerson(tx, auth.tenantId, values.userId)
  },
})

const DUTY_MENUS = [
  {
    code: 'duty',
    name: '值班管理',
    path: '/duty',
    source: 'ScheduleOutlined',
    sort: 60,
    children: [
      resourceScreen(dutyPersonContract, '值班人员', '/duty/person', 'TeamOutlined', [
        button(CHANGE_SHIFTS_PERMISSION, '换班', 2),
      ]),
    ],
  },
]

export const dutyModule = defineModule({
  name: 'duty',
  tables,
  resources: [dutyPersons],
  menus: DUTY_MENUS,
  product: { name: '值班管理', remark: '值班人员排班、换班、值班表导出与导入' },
  // park staff look at the roster; they neither change nor export it (as for every module)
  staff: menuCodes(DUTY_MENUS).filter((c) => !/_(add|edit|delete|change|import|export)$/.test(c)),
  dicts: [
    {
      code: 'duty_shift',
      name: '值班班次',
      entries: [
        [1, '白班'],
        [2, '夜班'],
      ],
    },
  ],
  demo: seedDutyDemo,
  routes: async (api, ctx) => {
    const db = ctx.database.db
    // 换班: two duties swap their people, or one duty goes to another person (代班); one transaction,
    // both rows locked, so two changes of one duty at once are one after the other
    handle(
      api,
      changeShiftsCall,
      async ({ id, targetId, userId }, request) => {
        const auth = authOf(request)
        if (targetId === id) throw badRequest(SAME_DUTY)
        await db.transaction(async (tx) => {
          const ids = targetId ? [id, targetId] : [id]
          const rows = await tx
            .select({
              id: dutyPerson.id,
              dutyDate: dutyPerson.dutyDate,
              shift: dutyPerson.shift,
              userId: dutyPerson.userId,
            })
            .from(dutyPerson)
            .where(await whereOf(dutyPersons, auth, inArray(dutyPerson.id, ids)))
            .orderBy(dutyPerson.id)
            .for('update')
          const duty = rows.find((r) => r.id === id)
          const target = targetId ? rows.find((r) => r.id === targetId) : undefined
          if (!duty || (targetId && !target)) throw new AppError(404, DUTY_MISSING)
          // the same people on the same day and shift: a swap changes nothing
          if (
            target &&
            (target.userId === duty.userId ||
              (target.dutyDate === duty.dutyDate && target.shift === duty.shift))
          )
            return
          const moves = target
            ? [
                { row: duty, to: target.userId },
                { row: target, to: duty.userId },
              ]
            : [{ row: duty, to: userId! }]
          for (const m of moves) {
            await assertPerson(tx, auth.tenantId, m.to)
            // the person must not already hold that day's shift (in another row than the ones moving)
            const [taken] = await tx
              .select({ id: dutyPerson.id })
              .from(dutyPerson)
              .where(
                scoped(
                  dutyPerson,
                  auth,
                  eq(dutyPerson.dutyDate, m.row.dutyDate),
                  eq(dutyPerson.shift, m.row.shift),
                  eq(dutyPerson.userId, m.to),
                  and(...ids.map((x) => ne(dutyPerson.id, x))),
                ),
              )
            if (taken || (!target && m.to === duty.userId)) throw badRequest(DUTY_PERSON_TAKEN)
          }
          // a swap of two rows of the same day and shift changes nothing that the unique index sees
          for (const m of moves)
            await tx
              .update(dutyPerson)
              .set(touched(dutyPerson, auth, { userId: m.to }) as never)
              .where(scoped(dutyPerson, auth, eq(dutyPerson.id, m.row.id)))
        })
        return new Answer({}, '换班成功')
      },
      { preHandler: [api.scopes.api.guard] },
    )
  },
})
