export {
  defineResource,
  type QueryFilter,
  type RemoveContext,
  type Resource,
  type ResourceOptions,
  type ScopeHook,
  type Verb,
  type WriteContext,
  type WriteGuard,
} from './resource.js'
export { registerResource } from './routes.js'
export { findRow, insertRow, listRows, removeRows, updateRow } from './store.js'
