/**
 * The `xpark` moddle extension: what a user task carries beyond BPMN. The console's modeler registers
 * the same descriptor, so what it writes is what the server reads.
 * - `xpark:assignee`: who handles it — `user:<id>`, `role:<id>`, `dept:<id>`, `post:<id>` (comma list;
 *   several, or any group, make it claimable: 待签), `${initiator}`, `${initiatorDeptLeader}`; on a
 *   multi-instance task, the users each get an iteration.
 * - `xpark:buttons`: the operations its task offers (流程按钮 keys, comma list; all when absent).
 * - `xpark:completion`: a multi-instance task ends when `all` (default) have acted, `any` approves, or a
 *   ratio of approvals is reached (`0.6`).
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
      ],
    },
  ],
}
