export { runAction, STATE_CONFLICT } from './actions.js'
export {
  importMessage,
  importRows,
  importWorkbook,
  readImportSheet,
  resolveReferences,
  splitNames,
} from './excel.js'
export type {
  ExcelOptions,
  ImportOutcome,
  ImportSummary,
  SheetReference,
  SheetRows,
} from './excel-options.js'
export { type Expand, hasChildren, lookup, lookupMany, selection } from './expand.js'
export { type ResourceRowsOptions, resourceBatches } from './export.js'
export { IN_USE_STATUS, type InUseRule } from './in-use-rules.js'
export { linesByHeader, readLines, removeLines, saveWithLines } from './lines.js'
export { codedTreeResource } from './presets.js'
export { assertReferences, type References, type ReferenceTarget, referenceScopes } from './references.js'
export {
  type ActionContext,
  type ActionOptions,
  BLADEX_SYSTEM_SCOPES,
  defineResource,
  type LinesContext,
  type LinesOptions,
  type QueryFilter,
  type ReadonlyWhen,
  type RemoveContext,
  type Resource,
  type ResourceOptions,
  resourceButtons,
  type UniqueRule,
  type Verb,
  type WriteContext,
  type WriteGuard,
} from './resource.js'
export { registerResource } from './routes.js'
export { columnValues, rowSelection, visibleThrough, whereOf } from './rows.js'
export {
  findRow,
  insertIn,
  insertRow,
  listRows,
  planWrite,
  removeRows,
  updateIn,
  updateRow,
  type WritePlan,
} from './store.js'
export { HAS_CHILDREN, levelRows, PARENT_CYCLE, PARENT_MISSING, treeNodes, treeRows } from './tree.js'
