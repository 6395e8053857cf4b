/** The `xpark` moddle extension lives in the contract: the console's modeler registers the same one. */
export { XPARK_URI, xparkModdle } from '@xpark/contract/modules/workflow-moddle'
