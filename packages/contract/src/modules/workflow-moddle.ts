/**
 * The `xpark` moddle extension: what a BPMN element carries beyond BPMN. The server (bpmn-moddle, at
 * save and deploy) and the console's modeler (bpmn-js) register this one descriptor, so what the
 * designer writes is what the engine reads.
 * - `xpark:assignee` (user task): who handles it — `user:<id>`, `role:<id>`, `dept:<id>`, `post:<id>`
 *   (comma list; several, or any group, make it claimable: 待签), `${initiator}`,
 *   `${initiatorDeptLeader}`; on a multi-instance task, the users each get an iteration.
 * - `xpark:buttons` (user task): the operations its task offers (流程按钮 keys, comma list; all when absent).
 * - `xpark:completion` (user task): a multi-instance task ends when `all` (default) have acted, `any`
 *   approves, or a ratio of approvals is reached (`0.6`).
 * - `xpark:fields` (user task): the form's field rights at this node, `key:right` comma list, right
 *   `read`, `write` or `hidden` (`days:read,reason:write,salary:hidden`). Absent: every field writable.
 *   Present: only the `write` fields may be sent when the task completes.
 * - `xpark:hidden` (any flow node): deleted in the designer while instances may still stand on it; kept
 *   so their diagrams and rollbacks find it, drawn faded, left out of the next deployment.
 */
export const XPARK_URI = 'http://xpark.dev/schema/bpmn'

export const xparkModdle = {
  name: 'xpark',
  prefix: 'xpark',
  uri: XPARK_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'AssignedTask',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'completion', isAttr: true, type: 'String' },
        { name: 'buttons', isAttr: true, type: 'String' },
        { name: 'fields', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'HiddenNode',
      extends: ['bpmn:FlowNode'],
      properties: [{ name: 'hidden', isAttr: true, type: 'Boolean' }],
    },
  ],
}

/** A form field's right at a node (`xpark:fields`). */
export const FIELD_RIGHTS = ['read', 'write', 'hidden'] as const
export type FieldRight = (typeof FIELD_RIGHTS)[number]

/** How an assignee is written (`xpark:assignee`). */
export const ASSIGNEE_KINDS = ['user', 'role', 'dept', 'post'] as const
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number]
// biome-ignore lint/suspicious/noTemplateCurlyInString: the BPMN expression's own text, not a template
export const INITIATOR = '${initiator}'
// biome-ignore lint/suspicious/noTemplateCurlyInString: the BPMN expression's own text, not a template
export const INITIATOR_DEPT_LEADER = '${initiatorDeptLeader}'

/** The editor's three refused connections (spec 02 §2), the same texts on the server at save. */
export const CONNECTION_TEXTS = {
  self: 'cannot connect to itself',
  repeat: 'cannot repeat a connection',
  loopBack: 'cannot loop back',
} as const
export type ConnectionRefusal = keyof typeof CONNECTION_TEXTS

/**
 * Why a connection from `source` to `target` is refused, given the flows already drawn (as
 * source/target id pairs, the one being moved left out), or null when it may be drawn.
 */
export function connectionRefusal(
  source: string,
  target: string,
  flows: readonly { source: string; target: string }[],
): ConnectionRefusal | null {
  if (source === target) return 'self'
  if (flows.some((f) => f.source === source && f.target === target)) return 'repeat'
  if (flows.some((f) => f.source === target && f.target === source)) return 'loopBack'
  return null
}
