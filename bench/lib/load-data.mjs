// Data for the mixed-load bench (load.mjs), all by plain SQL that runs the same on PGlite and
// PostgreSQL: `tenants` parks (the seeded demo park 100001 and copies of it: its tenant row, products,
// 管理员/园区职员 roles with their menus, posts, a root dept and admin), each with DEPTS departments under
// its root, and `users` users spread over them as a few large parks and many small ones (user counts
// fall as 1/rank: at 100 tenants the largest holds 19%, the smallest 0.2%). One more park, the page
// tenant, starts empty and is grown in steps for the page-latency part. `db` is { query(text, params)
// → rows, exec(text) }. Every id is a function of the tenant's rank t and the user's number k in it,
// so the load driver addresses rows without reading them back.

export const DEMO_TENANT = '100001'
/** departments under each park's root */
export const DEPTS = 10
/** the password of every seeded account: the demo admin's (DEMO_PASSWORD of the server's seed) */
export const PASSWORD = 'Admin@123456'

const TENANT_ROW = 7_000_000_000_000_000n
const ROLE = 7_100_000_000_000_000n // + t*10 + 1 admin, + 2 staff
const ROLE_MENU = 7_200_000_000_000_000n // + t*100_000 + role*10_000 + n
const DEPT = 7_300_000_000_000_000n // + t*1000: root (t > 1), + d: departments 1..DEPTS
const POST = 7_400_000_000_000_000n // + t*100 + n
const PRODUCT = 7_500_000_000_000_000n // + t*100 + n
const ADMIN = 7_600_000_000_000_000n // + t
const USER = 7_700_000_000_000_000n // + t*10_000_000 + k
const PER_TENANT = 10_000_000n

export const tenantIdOf = (t) => String(100_000 + t)
export const userIdOf = (t, k) => String(USER + BigInt(t) * PER_TENANT + BigInt(k))
export const deptIdOf = (t, d) => String(DEPT + BigInt(t) * 1000n + BigInt(d))

/** Users per park for `users` over `tenants` parks: weight 1/rank, the rounding left to the largest. */
export function spread(users, tenants) {
  const weights = Array.from({ length: tenants }, (_, i) => 1 / (i + 1))
  const sum = weights.reduce((a, b) => a + b, 0)
  const counts = weights.map((w) => Math.floor((users * w) / sum))
  counts[0] += users - counts.reduce((a, b) => a + b, 0)
  return counts
}

/** The seeded park 100001's ids the copies start from. */
async function template(db) {
  const [tenant] = await db.query(
    `select id::text from blade_tenant where tenant_id = $1 and is_deleted = 0`,
    [DEMO_TENANT],
  )
  const roles = await db.query(
    `select id::text, role_alias from blade_role where tenant_id = $1 and is_deleted = 0 and role_alias in ('admin', 'staff')`,
    [DEMO_TENANT],
  )
  const [root] = await db.query(
    `select id::text from blade_dept where tenant_id = $1 and parent_id = 0 and is_deleted = 0 order by id limit 1`,
    [DEMO_TENANT],
  )
  const [admin] = await db.query(
    `select id::text from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
    [DEMO_TENANT],
  )
  const [staffPost] = await db.query(
    `select id::text from blade_post where tenant_id = $1 and post_code = 'staff' and is_deleted = 0`,
    [DEMO_TENANT],
  )
  const role = Object.fromEntries(roles.map((r) => [r.role_alias, r.id]))
  if (!tenant || !role.admin || !role.staff || !root || !admin || !staffPost)
    throw new Error(
      `park ${DEMO_TENANT} is not the seeded demo park (run the server once on an empty database)`,
    )
  return {
    adminRole: role.admin,
    staffRole: role.staff,
    root: root.id,
    admin: admin.id,
    staffPost: staffPost.id,
  }
}

/**
 * Copy park 100001 as parks of rank `ranks` (t ≥ 2): tenant row, products, the admin and staff roles
 * with their menus, posts, root dept and admin account (same password hash). Rows are copied whole
 * (jsonb_populate_record), so new columns follow without this file knowing them.
 */
async function copyParks(db, tpl, ranks) {
  const copy = (table, where, set) =>
    db.query(
      `insert into ${table}
       select (jsonb_populate_record(null::${table}, to_jsonb(x) || ${set})).*
       from ${table} x, unnest($1::int[]) as t where ${where}`,
      [ranks],
    )
  await copy(
    'blade_tenant',
    `x.tenant_id = '${DEMO_TENANT}'`,
    `jsonb_build_object('id', ${TENANT_ROW} + t, 'tenant_id', (100000 + t)::text, 'tenant_name', '园区 ' || t)`,
  )
  await db.query(
    `insert into xpark_tenant_production (id, tenant_id, product_id)
     select ${PRODUCT} + t * 100 + p.n, (100000 + t)::text, p.product_id
     from unnest($1::int[]) as t,
       (select product_id, row_number() over (order by id) as n from xpark_tenant_production where tenant_id = $2) as p`,
    [ranks, DEMO_TENANT],
  )
  await copy(
    'blade_role',
    `x.id in (${tpl.adminRole}, ${tpl.staffRole})`,
    `jsonb_build_object('id', ${ROLE} + t * 10 + case when x.role_alias = 'admin' then 1 else 2 end,
       'tenant_id', (100000 + t)::text)`,
  )
  await db.query(
    `insert into blade_role_menu (id, role_id, menu_id)
     select ${ROLE_MENU} + t * 100000 + m.r * 10000 + m.n, ${ROLE} + t * 10 + m.r, m.menu_id
     from unnest($1::int[]) as t,
       (select menu_id, case when role_id = $2 then 1 else 2 end as r,
          row_number() over (partition by role_id order by id) as n
        from blade_role_menu where role_id in ($2, $3)) as m`,
    [ranks, tpl.adminRole, tpl.staffRole],
  )
  // the seeded posts are sorted 1..8 (ceo first, staff last): the sort is the id's last part
  await copy(
    'blade_post',
    `x.tenant_id = '${DEMO_TENANT}' and x.is_deleted = 0`,
    `jsonb_build_object('id', ${POST} + t * 100 + x.sort, 'tenant_id', (100000 + t)::text)`,
  )
  await db.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name)
     select ${DEPT} + t * 1000, (100000 + t)::text, 0, '0', '园区 ' || t, '园区 ' || t from unnest($1::int[]) as t`,
    [ranks],
  )
  await copy(
    'blade_user',
    `x.id = ${tpl.admin}`,
    `jsonb_build_object('id', ${ADMIN} + t, 'tenant_id', (100000 + t)::text,
       'role_id', (${ROLE} + t * 10 + 1)::text, 'dept_id', (${DEPT} + t * 1000)::text,
       'post_id', (${POST} + t * 100 + 1)::text,
       'create_user', null, 'create_dept', null)`,
  )
}

/** DEPTS departments under each park's root (the demo park's root is its seeded one). */
async function addDepartments(db, tpl, ranks) {
  await db.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, dept_category, sort)
     select ${DEPT} + t * 1000 + d, (100000 + t)::text, r.root, '0,' || r.root, '部门 ' || d, '园区 ' || t || ' 部门 ' || d, 2, d
     from unnest($1::int[]) as t,
       lateral (select case when t = 1 then $2::bigint else ${DEPT} + t * 1000 end as root) as r,
       generate_series(1, ${DEPTS}) as d`,
    [ranks, tpl.root],
  )
}

/** The staff role, admin and staff post of park t (the demo park's from its seed). */
function parkIds(tpl, t) {
  if (t === 1) return { staffRole: tpl.staffRole, admin: tpl.admin, staffPost: tpl.staffPost }
  return {
    staffRole: String(ROLE + BigInt(t) * 10n + 2n),
    admin: String(ADMIN + BigInt(t)),
    staffPost: String(POST + BigInt(t) * 100n + 8n), // 'staff', the 8th post by sort
  }
}

/**
 * Users `from`..`to` of each park in `ranges` ([{ t, from, to }]) in one statement: account `user<k>`,
 * the staff role, dept 1 + k % DEPTS (dept_id and create_dept), created by the park's admin, the
 * demo admin's password hash.
 */
export async function insertParkUsers(db, tpl, ranges) {
  const ids = ranges.map((r) => parkIds(tpl, r.t))
  await db.query(
    `insert into blade_user (id, tenant_id, create_time, update_time, status, is_deleted, code, user_type,
       account, password, password_default, name, real_name, avatar, email, phone, sex, role_id, dept_id,
       post_id, user_ext, create_user, create_dept)
     select ${USER} + r.t * ${PER_TENANT} + k, (100000 + r.t)::text, now(), now(), 1, 0, '', 1,
       'user' || k, a.password, false, 'u' || k, '用户' || k, '', 'user' || k || '@example.com',
       '139' || lpad(k::text, 8, '0'), k % 2, r.role, (${DEPT} + r.t * 1000 + 1 + k % ${DEPTS})::text, r.post, '',
       r.admin::bigint, ${DEPT} + r.t * 1000 + 1 + k % ${DEPTS}
     from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[])
         as r(t, lo, hi, role, post, admin),
       lateral generate_series(r.lo, r.hi) as k,
       (select password from blade_user where tenant_id = $7 and account = 'admin' and is_deleted = 0) as a`,
    [
      ranges.map((r) => r.t),
      ranges.map((r) => r.from),
      ranges.map((r) => r.to),
      ids.map((i) => i.staffRole),
      ids.map((i) => i.staffPost),
      ids.map((i) => i.admin),
      DEMO_TENANT,
    ],
  )
}

/**
 * Parks 1..tenants with `users` users spread over them, and the empty page tenant (rank tenants + 1).
 * Returns { parks: [{ t, tenantId, users, staffRole }], pageTenant: { t, tenantId }, template } and
 * reports progress through `progress(text)`.
 */
export async function seedParks(db, { tenants, users, progress = () => {} }) {
  const tpl = await template(db)
  const ranks = Array.from({ length: tenants }, (_, i) => i + 1)
  const pageRank = tenants + 1
  await copyParks(db, tpl, [...ranks.slice(1), pageRank])
  await addDepartments(db, tpl, [...ranks, pageRank])
  const counts = spread(users, tenants)
  // statements of about 200,000 rows: one per large park, several small parks together
  let batch = []
  let rows = 0
  let done = 0
  const flush = async () => {
    if (!batch.length) return
    await insertParkUsers(db, tpl, batch)
    done += rows
    progress(`${done.toLocaleString('en-US')} of ${users.toLocaleString('en-US')} users`)
    batch = []
    rows = 0
  }
  for (const [i, n] of counts.entries()) {
    if (n > 0) batch.push({ t: i + 1, from: 1, to: n })
    rows += n
    if (rows >= 200_000) await flush()
  }
  await flush()
  return {
    template: tpl,
    parks: counts.map((n, i) => ({
      t: i + 1,
      tenantId: tenantIdOf(i + 1),
      users: n,
      staffRole: parkIds(tpl, i + 1).staffRole,
    })),
    pageTenant: { t: pageRank, tenantId: tenantIdOf(pageRank) },
  }
}
