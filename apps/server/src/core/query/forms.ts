import { is, SQL } from 'drizzle-orm'

/**
 * A condition written two ways: one for few matching rows, one for many. A data scope through a link
 * table is `id = any(array(select owner …))` for a small answer (its ids probed in the id index: the
 * work follows the rows in scope), but for a large one that array holds every owner (100,000 at a
 * million users) and its row estimate is a fixed guess of 10. As `id in (select owner …)` the planner
 * estimates it from the link table's statistics and can walk the id order until a page is full.
 * selectPage plans and reads large answers with the second form (core/query/page.ts).
 */
const largeForms = new WeakMap<SQL, SQL>()

/** `small`, remembering `large` as its form for many rows. */
export function withLargeForm(small: SQL, large: SQL): SQL {
  largeForms.set(small, large)
  return small
}

/**
 * The condition with every part that has a large form replaced by it; the same object when no part
 * has one (so `largeForm(w) !== w` tells that it has).
 */
export function largeForm(where: SQL | undefined): SQL | undefined {
  return where && replaced(where, 0)
}

function replaced(chunk: SQL, depth: number): SQL {
  const own = largeForms.get(chunk)
  if (own) return own
  // conditions nest a few levels (and/or/not); deeper is not a condition
  if (depth > 16) return chunk
  let changed = false
  const chunks = chunk.queryChunks.map((part) => {
    if (!is(part, SQL)) return part
    const next = replaced(part as SQL, depth + 1)
    if (next !== part) changed = true
    return next
  })
  return changed ? new SQL(chunks) : chunk
}

/**
 * A condition whose matching live rows of one tenant another table counts alone: the users of a
 * tenant in some depts are `count(distinct user_id)` over the link table's (dept, tenant, user) index,
 * where counting them in `blade_user` is one probe per user in scope (10,000 of 100,000: 12 ms against
 * 1.4 ms). `count(tenantId)` is a statement answering one row with the count as `n`.
 */
const tenantCounts = new WeakMap<SQL, (tenantId: string) => SQL>()

export function withTenantCount(condition: SQL, count: (tenantId: string) => SQL): SQL {
  tenantCounts.set(condition, count)
  return condition
}

/** A whole WHERE's count statement (`n`), when one was attached to it (see `countStatement`). */
const countStatements = new WeakMap<SQL, SQL>()

/**
 * Attaches a count statement to the WHERE `tenant = tenantId and not deleted and condition`, when
 * `condition` has a tenant count: it is what selectPage counts instead (core/tenancy.ts `scoped`).
 */
export function countWithin(where: SQL, condition: SQL, tenantId: string): SQL {
  const count = tenantCounts.get(condition)
  if (count) countStatements.set(where, count(tenantId))
  return where
}

/** The statement counting a WHERE's rows, when a cheaper one than `count(*)` is known. */
export function countStatement(where: SQL | undefined): SQL | undefined {
  return where && countStatements.get(where)
}

/**
 * WHEREs that narrow a tenant's list (a data scope, a filter: `scoped` with conditions), with the
 * condition of that whole list. In a tenant whose list is too long to count (above EXACT_TOTAL_MAX,
 * where its administrator gets the estimate and reads only a page), counting what a narrowed page
 * shows would cost many times that page: such lists are read like a linked scope (core/query/page.ts).
 */
const narrowedWheres = new WeakMap<SQL, SQL>()

export function narrowed(where: SQL, whole: SQL): SQL {
  narrowedWheres.set(where, whole)
  return where
}

/** The whole list's condition of a narrowed WHERE. */
export function wholeListOf(where: SQL | undefined): SQL | undefined {
  return where && narrowedWheres.get(where)
}

/**
 * Conditions whose matches lie anywhere in every index order: a contains-search through a trigram
 * index. Walking the id order until a page is full trusts the planner's guess that matches are spread
 * evenly; `account like '%user5%'` at a million users matches old ids only, and the walk read 600,000
 * rows for 10 (550 ms, against 100 ms for the trigram index's matches sorted). selectPage reads a
 * page of such a condition from its matches.
 */
const anywhereParts = new WeakSet<SQL>()

export function matchedAnywhere(condition: SQL): SQL {
  anywhereParts.add(condition)
  return condition
}

/** Whether any part of a WHERE was marked `matchedAnywhere`. */
export function hasMatchesAnywhere(where: SQL | undefined): boolean {
  return where !== undefined && holds(where, 0)
}

function holds(chunk: SQL, depth: number): boolean {
  if (anywhereParts.has(chunk)) return true
  return depth <= 16 && chunk.queryChunks.some((part) => is(part, SQL) && holds(part as SQL, depth + 1))
}
