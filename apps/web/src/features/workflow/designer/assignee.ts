import {
  ASSIGNEE_KINDS,
  type AssigneeKind,
  INITIATOR,
  INITIATOR_DEPT_LEADER,
} from '@xpark/contract/modules/workflow-moddle'

/**
 * `xpark:assignee` as the designer edits it: one kind at a time (people, roles, departments, posts,
 * the initiator, or the initiator's department leader) and the ids of that kind. The engine reads the
 * comma list (`user:1,user:2`); several ids or any group make the task claimable (待签).
 */
export type AssigneeMode = AssigneeKind | 'initiator' | 'initiatorDeptLeader'

export interface Assignee {
  mode: AssigneeMode
  ids: string[]
}

export function parseAssignee(text: string | undefined): Assignee {
  const value = (text ?? '').trim()
  if (value === INITIATOR) return { mode: 'initiator', ids: [] }
  if (value === INITIATOR_DEPT_LEADER) return { mode: 'initiatorDeptLeader', ids: [] }
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const first = parts[0]?.split(':')[0] as AssigneeKind | undefined
  const mode = first && ASSIGNEE_KINDS.includes(first) ? first : 'user'
  return {
    mode,
    ids: parts.filter((p) => p.startsWith(`${mode}:`)).map((p) => p.slice(mode.length + 1)),
  }
}

export function writeAssignee(a: Assignee): string {
  if (a.mode === 'initiator') return INITIATOR
  if (a.mode === 'initiatorDeptLeader') return INITIATOR_DEPT_LEADER
  return a.ids.map((id) => `${a.mode}:${id}`).join(',')
}
