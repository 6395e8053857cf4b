/** Workflow design (issue 31): the resources and the calls beside them. */
export * from './workflow-design/calls.js'
export * from './workflow-design/resources.js'
