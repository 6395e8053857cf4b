// Data for the scale bench (users-scale.mjs): an organisation of 100 departments in tenant 100001, five
// scoped viewers (one role and data-scope rule each) and users grown in steps, all by SQL that runs the
// same on PGlite and PostgreSQL. `db` is { query(text, params) → rows, exec(text) }.

export const TENANT = '100001'
const DIVISION = 8_000_000_000_000_000n // divisions 1..10: DIVISION + d; units: DIVISION + d*100 + u
const VIEWER = 8_100_000_000_000_000n
const ROLE = 8_200_000_000_000_000n
const RULE = 8_300_000_000_000_000n
const USER = 9_000_000_000_000_000n

export const DIVISION_1 = String(DIVISION + 1n)
const unitsOf1 = Array.from({ length: 9 }, (_, u) => String(DIVISION + 100n + BigInt(u + 1)))

/**
 * The scoped viewers: each signs in as `account` (the tenant admin's password), holds one role with
 * one `user` rule, and sits in division 1 (dept_id and create_dept). `share(n)` is the part of n bulk
 * users the rule lets it see (the viewers themselves add `viewers`).
 */
export const VIEWERS = [
  {
    key: 'own',
    account: 'bench-own',
    label: 'own (create_user = me)',
    rule: { type: 2, column: 'create_user' },
    share: (n) => n / 10,
    viewers: 0,
  },
  {
    key: 'ownDept',
    account: 'bench-dept',
    label: 'own dept (dept_id, 1 dept)',
    rule: { type: 3, column: 'dept_id' },
    share: (n) => n / 100,
    viewers: 5,
  },
  {
    key: 'tree',
    account: 'bench-tree',
    label: 'dept + children (dept_id)',
    rule: { type: 4, column: 'dept_id' },
    share: (n) => n / 10,
    viewers: 5,
  },
  {
    key: 'treeCreated',
    account: 'bench-tree-cd',
    label: 'dept + children (create_dept)',
    rule: { type: 4, column: 'create_dept' },
    share: (n) => n / 10,
    viewers: 5,
  },
  {
    key: 'custom',
    account: 'bench-custom',
    label: 'custom (create_dept in 10 ids)',
    rule: {
      type: 5,
      column: 'create_dept',
      value: JSON.stringify([{ column: 'create_dept', op: 'in', values: [`\${deptIds}`, ...unitsOf1] }]),
    },
    share: (n) => n / 10,
    viewers: 5,
  },
]
const OWN_VIEWER = String(VIEWER + 1n)

/** Departments, roles, rules, grants and viewers (once, before any bulk user). */
export async function prepareOrganisation(db) {
  const [{ root }] = await db.query(
    `select id::text as root from blade_dept where tenant_id = $1 and parent_id = 0 and is_deleted = 0 limit 1`,
    [TENANT],
  )
  await db.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name)
     select $1::bigint + d, $2::text, $3::bigint, '0,' || $4::text, 'division ' || d from generate_series(1, 10) d`,
    [DIVISION.toString(), TENANT, root, root],
  )
  await db.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name)
     select $1::bigint + d * 100 + u, $2::text, $1::bigint + d, '0,' || $3::text || ',' || ($1::bigint + d),
       'unit ' || d || '-' || u
     from generate_series(1, 10) d, generate_series(1, 9) u`,
    [DIVISION.toString(), TENANT, root],
  )
  const [userMenu] = await db.query(`select id::text from blade_menu where code = 'user' and is_deleted = 0`)
  for (const [i, v] of VIEWERS.entries()) {
    const n = BigInt(i + 1)
    await db.query(`insert into blade_role (id, tenant_id, role_name, role_alias) values ($1, $2, $3, $4)`, [
      String(ROLE + n),
      TENANT,
      `bench ${v.key}`,
      `bench_${v.key}`,
    ])
    await db.query(
      `insert into blade_role_menu (id, role_id, menu_id)
       select $1::bigint * 100 + row_number() over (), $2::bigint, id from blade_menu
       where code in ('system', 'user', 'user_view') and is_deleted = 0`,
      [String(ROLE + n), String(ROLE + n)],
    )
    await db.query(
      `insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type, scope_value)
       values ($1, $2, 'user', $3, $4, $5, $6)`,
      [String(RULE + n), userMenu.id, `bench ${v.key}`, v.rule.column, v.rule.type, v.rule.value ?? ''],
    )
    await db.query(
      `insert into blade_role_scope (id, scope_category, scope_id, role_id) values ($1, 1, $2, $3)`,
      [String(RULE + n + 100n), String(RULE + n), String(ROLE + n)],
    )
    await db.query(
      `insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id, create_dept)
       select $1::bigint, tenant_id, $2::text, password, $3::text, $4::text, $5::text, $6::bigint from blade_user
       where tenant_id = $7 and account = 'admin' and is_deleted = 0`,
      [String(VIEWER + n), v.account, v.account, String(ROLE + n), DIVISION_1, DIVISION_1, TENANT],
    )
  }
}

/**
 * Users `from`..`to` of tenant 100001 in one statement. User n sits in dept k = n % 100: division
 * k/10 + 1 itself when k % 10 = 0, else unit (k/10 + 1, k % 10); dept_id and create_dept name it.
 * Every tenth user (n % 10 = 1) was created by the "own" viewer. Accounts `user<n>`, as bench §4.
 */
export async function insertUsers(db, from, to) {
  await db.query(
    `insert into blade_user (id, tenant_id, create_time, update_time, status, is_deleted, code, user_type,
       account, password, password_default, name, real_name, avatar, email, phone, sex, role_id, dept_id,
       post_id, user_ext, create_user, create_dept)
     select $1::bigint + n, a.tenant_id, now(), now(), 1, 0, '', 1,
       'user' || n, a.password, false, 'u' || n, '用户' || n, '', 'user' || n || '@example.com',
       '138' || lpad(n::text, 8, '0'), n % 2, a.role_id, x.dept::text, a.post_id, '',
       case when n % 10 = 1 then $4::bigint else $4::bigint + 100 + n % 10 end, x.dept
     from generate_series($2::int, $3::int) as n,
       (select tenant_id, password, role_id, post_id from blade_user
         where tenant_id = $5 and account = 'admin' and is_deleted = 0) as a,
       lateral (select case when n % 10 = 0 then $6::bigint + (n % 100) / 10 + 1
                            else $6::bigint + ((n % 100) / 10 + 1) * 100 + n % 10 end as dept) as x`,
    [USER.toString(), from, to, OWN_VIEWER, TENANT, DIVISION.toString()],
  )
}
