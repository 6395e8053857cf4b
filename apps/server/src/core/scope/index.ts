export { ApiScopes } from './api-scope.js'
export {
  columnNamed,
  type DataScopeRule,
  DataScopes,
  type MatchContext,
  matchIds,
  ruleCondition,
  SCOPE_ALL,
  SCOPE_CACHE_PREFIX,
  SCOPE_CUSTOM,
  SCOPE_OWN,
  SCOPE_OWN_DEPT,
  SCOPE_OWN_DEPT_CHILDREN,
  type ScopeHook,
  type ScopeLink,
  type ScopeSource,
} from './data-scope.js'
export { registerScopes } from './registry.js'
