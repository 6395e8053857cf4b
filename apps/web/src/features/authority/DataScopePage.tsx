import { ScopeScreen } from './scopeMenus'
import { dataScopeResource } from './scopes'

/** 数据权限 (see `scopes.tsx`). */
export default function DataScopePage() {
  return <ScopeScreen resource={dataScopeResource} testId="datascope" />
}
