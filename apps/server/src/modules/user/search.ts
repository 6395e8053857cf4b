import { type PickedUser, userSearchCall } from '@xpark/contract/schemas'
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { page } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { FilterSet, readPaging, selectPage } from '../../core/query/index.js'
import type { ApiScopes, DataScopes } from '../../core/scope/index.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'

/** Picker filters: name (real name or nickname), phone; `deptId` is a dept and its children. */
const filters = new FilterSet(user, { realName: 'like', name: 'like', phone: 'like' })

/** The picker's fields of a user row, as read. */
type PickedRow = Omit<PickedUser, 'deptName'>

/**
 * `GET blade-user/search/user` (spec 01 §2 user picker, §3 User (picker)): how other modules pick
 * people, so any signed-in user of the tenant may read it; it answers only the picker's fields
 * (never a password), within the caller's tenant and `user` data scope, 10 per page by default.
 */
export async function userSearchRoutes(
  api: Api,
  db: Db,
  /** the caller's `user` data scope condition */
  scope: (auth: AuthContext) => Promise<SQL | undefined>,
  apis: ApiScopes,
  /** dept subtrees and the blade_user_dept semi-join for `deptId` */
  data: DataScopes,
): Promise<void> {
  handle(
    api,
    userSearchCall,
    async (q, request) => {
      const auth = authOf(request)
      const paging = readPaging(q)
      const conditions: (SQL | undefined)[] = [
        ...filters.conditions({ realName: q.realName, name: q.name, phone: q.phone }),
        await scope(auth),
      ]
      if (q.deptId)
        conditions.push(data.matching(user.deptId, await data.deptSubtree(auth.tenantId, [q.deptId])))
      const where = scoped(user, auth, ...conditions)
      const { records: rows, total } = await selectPage<PickedRow>(db, {
        table: user,
        where,
        orderBy: [desc(user.id)],
        keyset: { column: user.id, descending: true },
        paging,
        columns: {
          id: user.id,
          account: user.account,
          realName: user.realName,
          phone: user.phone,
          deptId: user.deptId,
        },
      })
      const deptIds = [...new Set(rows.flatMap((r) => r.deptId.split(',').filter(Boolean)))]
      const names = new Map(
        deptIds.length
          ? (
              await db
                .select({ id: dept.id, name: dept.deptName })
                .from(dept)
                .where(
                  and(eq(dept.tenantId, auth.tenantId), eq(dept.isDeleted, 0), inArray(dept.id, deptIds)),
                )
            ).map((d) => [d.id, d.name])
          : [],
      )
      const records = rows.map(({ deptId, ...r }) => ({
        ...r,
        deptId,
        deptName: deptId
          .split(',')
          .map((id) => names.get(id))
          .filter(Boolean)
          .join(','),
      }))
      return page(records, total, paging.current, paging.size)
    },
    { preHandler: [apis.guard] },
  )
}
