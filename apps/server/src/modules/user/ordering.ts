import { attendanceOrderCall, meetingOrderCall } from '@xpark/contract/schemas'
import { inArray, type SQL, sql } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ApiScopes } from '../../core/scope/index.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { user } from '../identity/index.js'

/**
 * The order people are listed in by attendance (`updateOrder`) and by meetings (`updateMeetingOrder`):
 * what a drag-sorted table sends, `[{ id, sort }]`, stored on the account. Only accounts of the
 * caller's tenant and data scope; one unknown id and nothing changes.
 */
const orders = [
  { call: attendanceOrderCall, key: 'attendanceSort' },
  { call: meetingOrderCall, key: 'meetingSort' },
] as const

export function userOrderRoutes(
  api: Api,
  db: Db,
  inDataScope: (auth: AuthContext) => Promise<SQL | undefined>,
  apis: ApiScopes,
): void {
  for (const { call, key } of orders)
    handle(
      api,
      call,
      async (places, request) => {
        const auth = authOf(request)
        const sorts = new Map(places.map((r) => [r.id, r.sort]))
        const ids = [...sorts.keys()]
        // one statement: a CASE over the ids, so a failure leaves every place as it was
        const place = sql.join(
          [
            sql`case ${user.id}`,
            ...ids.map((id) => sql`when ${id}::bigint then ${sorts.get(id)}::int`),
            sql`end`,
          ],
          sql` `,
        )
        const where = scoped(user, auth, await inDataScope(auth), inArray(user.id, ids))
        await db.transaction(async (tx) => {
          const done = await tx
            .update(user)
            .set({ [key]: place })
            .where(where)
            .returning({ id: user.id })
          if (done.length !== ids.length) throw notFound('用户不存在')
        })
        return {}
      },
      { preHandler: [apis.guard] },
    )
}
