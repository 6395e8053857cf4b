import {
  type FieldRights,
  unwritablePath,
  withoutHidden as withoutHiddenFields,
} from '@xpark/contract/modules/workflow-field-rights'
import { FIELD_RIGHTS, type FieldRight } from '@xpark/contract/modules/workflow-moddle'
import { badRequest } from '../../../core/errors.js'

/**
 * A node's field rights (`xpark:fields`, `key:read|write|hidden` comma list): what its task may change
 * of the form. A node naming none leaves every field writable (a process drawn before field rights
 * keeps working); a node naming some lets only its `write` fields be sent on completion. A field
 * inside a group with a `path` is named by its data path (`applicant.phone`), as the contract's
 * `formFieldPaths` lists it; the walk over nested variables is the contract's (the console's too).
 */
export type { FieldRights }

export const FIELD_TEXTS = {
  notWritable: '当前节点不可修改字段',
} as const

const FIELD_KEY = /^[A-Za-z_][\w.-]{0,127}$/

/** The `xpark:fields` attribute of a user task, checked at deploy (`字段权限有误: <node>: <token>`). */
export function parseFieldRights(nodeId: string, value: unknown): FieldRights | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined
  const rights: Record<string, FieldRight> = {}
  for (const token of value.split(',').map((t) => t.trim())) {
    if (!token) continue
    const [key, right, extra] = token.split(':').map((p) => p.trim())
    if (!key || !FIELD_KEY.test(key) || extra !== undefined || !FIELD_RIGHTS.includes(right as FieldRight))
      throw badRequest(`字段权限有误: ${nodeId}: ${token}`)
    rights[key] = right as FieldRight
  }
  return rights
}

/** Refuse variables for fields the node does not let its task write (400 naming the first). */
export function refuseUnwritable(
  node: { fields?: FieldRights },
  variables: Record<string, unknown> | undefined,
): void {
  if (!node.fields || !variables) return
  const field = unwritablePath(node.fields, variables)
  if (field !== undefined) throw badRequest(`${FIELD_TEXTS.notWritable}: ${field}`)
}

/** The variables without the fields the node hides (what its task's detail shows). */
export function withoutHidden(
  node: { fields?: FieldRights } | undefined,
  variables: Record<string, unknown>,
): Record<string, unknown> {
  return withoutHiddenFields(node?.fields, variables)
}
