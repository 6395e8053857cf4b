import { ATTENDANCE_TEXTS as T } from '@xpark/contract/modules/attendance'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { AppError } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { user, userDept } from '../identity/index.js'
import { deptSubtree } from '../org/index.js'
import { attendanceMember, attendanceRule } from './schema.js'

/**
 * A rule's people: its departments (with their sub-departments) expanded, and the people it names;
 * expanded at each save, and kept up with the departments by `refreshMembers` (a job).
 */

const ids = (text: string | null | undefined) => (text ? text.split(',').filter(Boolean) : [])

/** The live people of the tenant a rule's departments and names hold. */
export async function peopleOf(
  db: DbOrTx,
  tenantId: string,
  deptIds: string,
  userIds: string,
): Promise<string[]> {
  const depts = await deptSubtree(db, tenantId, ids(deptIds))
  const inDepts = depts.length
    ? await db
        .selectDistinct({ userId: userDept.userId })
        .from(userDept)
        .innerJoin(user, and(eq(user.id, userDept.userId), eq(user.isDeleted, 0)))
        .where(and(eq(userDept.tenantId, tenantId), inArray(userDept.deptId, depts)))
    : []
  return [...new Set([...inDepts.map((r) => r.userId), ...ids(userIds)])]
}

/** The people of a rule now. */
export async function membersOf(db: DbOrTx, tenantId: string, ruleId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: attendanceMember.userId })
    .from(attendanceMember)
    .where(and(eq(attendanceMember.tenantId, tenantId), eq(attendanceMember.ruleId, ruleId)))
  return rows.map((r) => r.userId)
}

/**
 * Make these the rule's people: a person in another rule refuses the whole write (409, naming the
 * rule and the person).
 */
export async function setMembers(db: DbOrTx, tenantId: string, ruleId: string, people: readonly string[]) {
  // two rules saved at once with one person: the second waits, then finds the person taken
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('attendance-member'), hashtext(${tenantId}))`)
  for (let i = 0; i < people.length; i += 1000) {
    const [taken] = await db
      .select({ ruleName: attendanceRule.name, realName: user.realName })
      .from(attendanceMember)
      .innerJoin(attendanceRule, eq(attendanceRule.id, attendanceMember.ruleId))
      .leftJoin(user, eq(user.id, attendanceMember.userId))
      .where(
        and(
          eq(attendanceMember.tenantId, tenantId),
          ne(attendanceMember.ruleId, ruleId),
          inArray(attendanceMember.userId, people.slice(i, i + 1000)),
        ),
      )
      .limit(1)
    if (taken)
      throw new AppError(409, `${T.personTaken.replace('{rule}', taken.ruleName)}: ${taken.realName ?? ''}`)
  }
  await db
    .delete(attendanceMember)
    .where(and(eq(attendanceMember.tenantId, tenantId), eq(attendanceMember.ruleId, ruleId)))
  await addMembers(db, tenantId, ruleId, people)
}

/** People into a rule, a thousand rows a statement. */
async function addMembers(db: DbOrTx, tenantId: string, ruleId: string, people: readonly string[]) {
  for (let i = 0; i < people.length; i += 1000)
    await db
      .insert(attendanceMember)
      .values(people.slice(i, i + 1000).map((userId) => ({ id: nextId(), tenantId, ruleId, userId })))
}

/**
 * A rule's departments are people who come and go: the `attendance-members` job brings every rule's
 * people up to date with them between saves (a newcomer counts from the day after the job sees them;
 * someone who left keeps the results kept so far). A newcomer already in another rule stays there:
 * only a save names that conflict. Answers how many memberships changed.
 */
export async function refreshMembers(db: Db): Promise<number> {
  const rules = await db
    .select({
      id: attendanceRule.id,
      tenantId: attendanceRule.tenantId,
      deptIds: attendanceRule.deptIds,
      userIds: attendanceRule.userIds,
    })
    .from(attendanceRule)
    .where(and(eq(attendanceRule.isDeleted, 0), ne(attendanceRule.deptIds, '')))
  let changed = 0
  for (const rule of rules)
    changed += await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('attendance-member'), hashtext(${rule.tenantId}))`,
      )
      const people = new Set(await peopleOf(tx, rule.tenantId, rule.deptIds, rule.userIds))
      const members = await tx
        .select({ userId: attendanceMember.userId, ruleId: attendanceMember.ruleId })
        .from(attendanceMember)
        .where(eq(attendanceMember.tenantId, rule.tenantId))
      const inAnyRule = new Set(members.map((m) => m.userId))
      const left = members.filter((m) => m.ruleId === rule.id && !people.has(m.userId)).map((m) => m.userId)
      const joined = [...people].filter((p) => !inAnyRule.has(p))
      for (let i = 0; i < left.length; i += 1000)
        await tx
          .delete(attendanceMember)
          .where(
            and(
              eq(attendanceMember.tenantId, rule.tenantId),
              eq(attendanceMember.ruleId, rule.id),
              inArray(attendanceMember.userId, left.slice(i, i + 1000)),
            ),
          )
      await addMembers(tx, rule.tenantId, rule.id, joined)
      return left.length + joined.length
    })
  return changed
}
