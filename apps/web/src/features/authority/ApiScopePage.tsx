import { ScopeScreen } from './scopeMenus'
import { apiScopeResource } from './scopes'

/** 接口权限 (see `scopes.tsx`). */
export default function ApiScopePage() {
  return <ScopeScreen resource={apiScopeResource} testId="apiscope" />
}
