import { queryOptions } from '@tanstack/react-query'
import {
  grantTreeCall,
  type RoleGrantForm,
  roleAliasFreeCall,
  roleContract,
  roleGrantCall,
  roleTreeCall,
  roleTreeKeysCall,
  type TreeNode,
} from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'

/** Role calls besides the CRUD ones: the TreeNode tree, alias check, grant trees and grant. */

export type { GrantKeys, GrantTrees } from '@xpark/contract/schemas'

/** Under the role resource's code: a write on the role screen refreshes every role picker. */
export const roleTreeQuery = () =>
  queryOptions({
    queryKey: [roleContract.code, 'nodes'],
    queryFn: (): Promise<TreeNode[]> => callApi(roleTreeCall, {}),
    staleTime: 60_000,
  })

/** true when the alias is free in the caller's tenant (`id`: the role being edited). */
export const aliasIsFree = (roleAlias: string, id?: string) =>
  callApi(roleAliasFreeCall, id ? { roleAlias, id } : { roleAlias })

/** What the caller may grant; `menuApp` is the mobile app's menu tree. */
export const grantTreeQuery = () =>
  queryOptions({
    queryKey: [roleContract.code, 'grant-tree'],
    queryFn: () => callApi(grantTreeCall),
  })

/** What the roles hold now, under a key the grant dialog refreshes after a grant. */
export const grantKeysKey = [roleContract.code, 'role-tree-keys'] as const
export const grantKeysQuery = (roleIds: readonly string[]) =>
  queryOptions({
    queryKey: [...grantKeysKey, roleIds.join(',')],
    queryFn: () => callApi(roleTreeKeysCall, { roleIds: roleIds.join(',') }),
    // always what the server holds now: another admin may have granted since
    staleTime: 0,
    gcTime: 0,
  })

export type GrantRequest = Required<
  Pick<RoleGrantForm, 'roleIds' | 'menuIds' | 'menuAppIds' | 'dataScopeIds' | 'apiScopeIds'>
>

export const grantRoles = (body: GrantRequest) => callApi(roleGrantCall, body)
