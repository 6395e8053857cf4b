import { lazy } from 'react'
import { defineFeature, treeListScreen } from '@/components/kit'
import type { DictKind } from './dict'

/** A dictionary screen: the kit's tree-and-list page with the dictionaries as the side to pick from. */
const dictionaries = (kind: DictKind, layout: 'horizontal' | 'vertical') =>
  treeListScreen(async () => ({ default: (await import('./dicts')).dictScreen(kind, layout) }))

/**
 * The system area's screens (blade-system, blade-user): users, organisation, roles, menus, dictionaries,
 * parameters, clients, tenants and products, by menu path.
 */
export default defineFeature({
  name: 'system',
  screens: {
    '/system/param': lazy(() => import('./ParamPage')),
    '/system/user': lazy(() => import('./UserPage')),
    '/system/dept': lazy(() => import('./DeptPage')),
    '/system/post': lazy(() => import('./PostPage')),
    // BladeX's path; '/system/role' stays for menus seeded before it moved
    '/authority/role': lazy(() => import('./RolePage')),
    '/system/role': lazy(() => import('./RolePage')),
    '/system/dict': dictionaries('dict', 'vertical'),
    '/system/dictbiz': dictionaries('dict-biz', 'vertical'),
    '/dict-horizontal/index': dictionaries('dict', 'horizontal'),
    '/dict-vertical/index': dictionaries('dict', 'vertical'),
    '/system/client': lazy(() => import('./ClientPage')),
    '/system/topmenu': lazy(() => import('./TopmenuPage')),
    '/system/tenant': lazy(() => import('./TenantPage')),
    '/system/production': lazy(() => import('./ProductPage')),
    '/system/proxy': lazy(() => import('./ProxyTenantPage')),
    '/system/datasource': lazy(() => import('./DatasourcePage')),
    '/system/menu': lazy(() => import('./MenuPage')),
    '/system/menuApp': lazy(() => import('./MenuAppPage')),
    '/system/staffType': lazy(() => import('./StaffTypePage')),
  },
})
