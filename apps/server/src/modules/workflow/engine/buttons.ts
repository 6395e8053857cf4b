import { badRequest, forbidden } from '../../../core/errors.js'

/**
 * A node's buttons (流程按钮, `xpark:buttons`): the operations its task offers, enforced here as well as
 * shown. A node naming none offers them all (a process drawn before buttons existed keeps working).
 */
export const NODE_BUTTON = {
  pass: 'wf_pass',
  reject: 'wf_reject',
  transfer: 'wf_transfer',
  delegate: 'wf_delegate',
  rollback: 'wf_rollback',
  addInstance: 'wf_add_instance',
  deleteInstance: 'wf_delete_instance',
  copy: 'wf_copy',
} as const

export const NOT_ALLOWED = '当前节点不允许此操作'

const BUTTON_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

/** The `xpark:buttons` attribute (comma list of button keys) of a user task, checked at deploy. */
export function parseButtons(nodeId: string, value: unknown): string[] | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined
  const keys = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  const bad = keys.find((k) => !BUTTON_KEY.test(k))
  if (bad) throw badRequest(`节点按钮有误: ${nodeId}: ${bad}`)
  return keys
}

/** Refuse an operation the node does not offer. */
export function mayUse(node: { buttons?: readonly string[] }, button: string): void {
  if (node.buttons && !node.buttons.includes(button)) throw forbidden(NOT_ALLOWED)
}
