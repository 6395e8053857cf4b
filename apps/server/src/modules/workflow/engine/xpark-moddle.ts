/**
 * The `xpark` moddle extension (assignee, buttons, completion, field rights of a user task): the
 * contract holds the one descriptor, which the console's modeler registers too.
 */
export { XPARK_URI, xparkModdle } from '@xpark/contract/modules/workflow-moddle'
