// The statements the built server sends for the mixed load's reads, as a tenant's administrator (no
// data-scope condition narrows an admin), written out for the bare baseline (load-baseline-server.mjs):
// blade-user page (selectPage in apps/server/src/core/query/page.ts with the user resource's filters
// and its deptId = dept and children), blade-user detail (findRow) and the menus of menu/routes.
// They were read off XPARK_SQL_LOG=on; if the server's SQL changes, change them here.
// `q(text, params)` answers rows.

const ONE_PASS_MAX = 50_000
const EXACT_TOTAL_MAX = 300_000

/** Every column of blade_user but the password hash, as the server selects them. */
export async function userColumns(q) {
  const rows = await q(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = 'blade_user' and column_name <> 'password'
     order by ordinal_position`,
  )
  return rows.map((r) => `"${r.column_name}"`).join(', ')
}

/** `deptId` and its children in the tenant (the user resource's queryFilter, DataScopes.deptSubtree). */
async function deptSubtree(q, tenantId, deptId) {
  const [found] = await q(
    `select "id", "ancestors" from "blade_dept" where ("blade_dept"."tenant_id" = $1 and "blade_dept"."is_deleted" = $2 and "blade_dept"."id" in ($3))`,
    [tenantId, 0, deptId],
  )
  if (!found) return []
  const path = `${found.ancestors},${found.id}`
  const children = await q(
    `select "id" from "blade_dept" where ("blade_dept"."tenant_id" = $1 and "blade_dept"."is_deleted" = $2 and ("blade_dept"."ancestors" = $3 or "blade_dept"."ancestors" like $4))`,
    [tenantId, 0, path, `${path},%`],
  )
  return [String(found.id), ...children.map((c) => String(c.id))]
}

/** One page of a tenant's users, newest first: { records, total }. */
export async function userPage(q, columns, { tenantId, current, size, account, deptId }) {
  const params = [tenantId, 0]
  let where = `"blade_user"."tenant_id" = $1 and "blade_user"."is_deleted" = $2`
  if (account) {
    params.push(`%${account}%`)
    where += ` and "blade_user"."account" ilike $${params.length}`
  }
  if (deptId) {
    const depts = await deptSubtree(q, tenantId, deptId)
    const marks = depts.map((d) => {
      params.push(d)
      return `$${params.length}`
    })
    where += ` and "blade_user"."id" = any(array(select "blade_user_dept"."user_id" from "blade_user_dept" where "blade_user_dept"."dept_id" in (${marks.join(', ')})))`
  }
  where = `(${where})`
  const n = params.length
  const offset = (current - 1) * size
  const [plan] = await q(`explain (format json) select 1 from "blade_user" where ${where}`, params)
  const cell = Object.values(plan)[0]
  const estimate = Math.round((typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan['Plan Rows'])

  if (estimate <= ONE_PASS_MAX) {
    const cap = Math.max(2 * ONE_PASS_MAX, offset + size) + 1
    const [counted] = await q(
      `select count(*)::int as n, ((array_agg("blade_user"."id" order by "blade_user"."id" desc))[$1:$2])::text[] as ids from ((select "id" from "blade_user" where ${where.replaceAll(/\$(\d+)/g, (_, i) => `$${Number(i) + 2}`)} limit $${n + 3})) as "blade_user"`,
      [offset + 1, offset + size, ...params, cap],
    )
    if (Number(counted.n) < cap) {
      const ids = counted.ids ?? []
      if (!ids.length) return { records: [], total: Number(counted.n) }
      const rows = await q(
        `select ${columns} from "blade_user" where "blade_user"."id" in (${ids.map((_, i) => `$${i + 1}`).join(', ')})`,
        ids,
      )
      const byId = new Map(rows.map((r) => [String(r.id), r]))
      return { records: ids.map((i) => byId.get(i)).filter(Boolean), total: Number(counted.n) }
    }
  }
  const read =
    offset > 0
      ? await q(
          `select ${columns} from "blade_user" where (${where} and "blade_user"."id" <= (select "id" from "blade_user" where ${where} order by "id" desc offset $${n + 1} limit 1)) order by "blade_user"."id" desc limit $${n + 2}`,
          [...params, offset, size + 1],
        )
      : await q(
          `select ${columns} from "blade_user" where ${where} order by "blade_user"."id" desc limit $${n + 1}`,
          [...params, size + 1],
        )
  const records = read.slice(0, size)
  let total
  if (read.length <= size && (records.length > 0 || offset === 0)) total = offset + records.length
  else if (estimate > EXACT_TOTAL_MAX)
    total = records.length ? Math.max(estimate, offset + size + 1) : Math.min(estimate, offset)
  else total = Number((await q(`select count(*) as n from "blade_user" where ${where}`, params))[0].n)
  return { records, total }
}

/** One user of the tenant (findRow). */
export async function userDetail(q, columns, { tenantId, id }) {
  const [row] = await q(
    `select ${columns} from "blade_user" where ("blade_user"."tenant_id" = $1 and "blade_user"."is_deleted" = $2 and "blade_user"."id" = $3)`,
    [tenantId, 0, id],
  )
  return row ?? null
}

/** The menus a role holds (menu/routes before its tree is built), live ones in their order. */
export async function roleMenus(q, roleId) {
  const menus = await q(
    `select "id", "parent_id", "code", "name", "alias", "path", "source", "sort", "category", "action", "is_open", "remark", "hidden", "roles", "keep_alive", "is_deleted" from "blade_menu" where "blade_menu"."is_deleted" = $1 order by "blade_menu"."sort" asc`,
    [0],
  )
  const held = new Set(
    (
      await q(`select distinct "menu_id" from "blade_role_menu" where "blade_role_menu"."role_id" in ($1)`, [
        roleId,
      ])
    ).map((r) => String(r.menu_id)),
  )
  return menus.filter((m) => m.category === 1 && held.has(String(m.id)))
}
