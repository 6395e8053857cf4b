/**
 * Workflow (issue 31): the engine on our tables. The routes, contract and screens come on top of it
 * (docs/modules/workflow.md); the module joins MODULES with them.
 */
export { compileCondition } from './engine/conditions.js'
export { type Directory, type Group, userDirectory } from './engine/directory.js'
export { CONNECTION, type Graph, parseProcess } from './engine/graph.js'
export { type Actor, MESSAGES, WorkflowEngine } from './engine/operations.js'
export * from './schema.js'
