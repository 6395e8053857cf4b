/**
 * The `xpark` moddle extension: what a user task carries beyond BPMN. One descriptor for both sides:
 * the server's bpmn-moddle reads it (`engine/xpark-moddle.ts`), the console's bpmn-js modeler
 * registers it (`moddleExtensions: { xpark: xparkModdle }`), so what the designer writes is what the
 * engine reads.
 * - `xpark:assignee`: who handles it — `user:<id>`, `role:<id>`, `dept:<id>`, `post:<id>` (comma list;
 *   several, or any group, make it claimable: 待签), `${initiator}`, `${initiatorDeptLeader}`; on a
 *   multi-instance task, the users each get an iteration.
 * - `xpark:buttons`: the operations its task offers (流程按钮 keys, comma list; all when absent).
 * - `xpark:completion`: a multi-instance task ends when `all` (default) have acted, `any` approves, or a
 *   ratio of approvals is reached (`0.6`).
 * - `xpark:fields`: the form's field rights at this node, `key:right` comma list, right `read`, `write`
 *   or `hidden` (`days:read,reason:write,salary:hidden`). Absent: every field writable. Present: only
 *   the `write` fields may be sent when the task completes.
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
  ],
}

/** A form field's right at a node (`xpark:fields`). */
export const FIELD_RIGHTS = ['read', 'write', 'hidden'] as const
export type FieldRight = (typeof FIELD_RIGHTS)[number]
