import { queryOptions } from '@tanstack/react-query'
import type { RoleGrantForm, TreeNode } from '@xpark/contract/schemas'
import { getData, postData } from '@/api/http'

/** Role calls besides the CRUD ones: the TreeNode tree, alias check, grant trees and grant. */

export const ROLE_PATH = 'blade-system/role'

/** Under the role resource's key: a write on the role screen refreshes every role picker. */
export const roleTreeQuery = () =>
  queryOptions({
    queryKey: [ROLE_PATH, 'nodes'],
    queryFn: () => getData<TreeNode[]>(`${ROLE_PATH}/tree`),
    staleTime: 60_000,
  })

/** true when the alias is free in the caller's tenant (`id`: the role being edited). */
export const aliasIsFree = (roleAlias: string, id?: string) =>
  getData<boolean>(`${ROLE_PATH}/soleAlias`, id ? { roleAlias, id } : { roleAlias })

/** `menu/grant-tree`: what the caller may grant; `menuApp` is the mobile app's menu tree. */
export interface GrantTrees {
  menu: TreeNode[]
  dataScope: TreeNode[]
  apiScope: TreeNode[]
  menuApp: TreeNode[]
}
export interface GrantKeys {
  menu: string[]
  dataScope: string[]
  apiScope: string[]
  menuApp: string[]
}

export const grantTreeQuery = () =>
  queryOptions({
    queryKey: [ROLE_PATH, 'grant-tree'],
    queryFn: () => getData<GrantTrees>('blade-system/menu/grant-tree'),
  })

export const grantKeysQuery = (roleIds: readonly string[]) =>
  queryOptions({
    queryKey: [ROLE_PATH, 'role-tree-keys', roleIds.join(',')],
    queryFn: () => getData<GrantKeys>('blade-system/menu/role-tree-keys', { roleIds: roleIds.join(',') }),
    // always what the server holds now: another admin may have granted since
    staleTime: 0,
    gcTime: 0,
  })

export type GrantRequest = Required<
  Pick<RoleGrantForm, 'roleIds' | 'menuIds' | 'menuAppIds' | 'dataScopeIds' | 'apiScopeIds'>
>

export const grantRoles = (body: GrantRequest) => postData<unknown>(`${ROLE_PATH}/grant`, undefined, body)
