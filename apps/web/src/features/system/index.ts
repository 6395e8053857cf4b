import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

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
    '/system/dict': lazy(() => import('./DictPage')),
    '/system/dictbiz': lazy(() => import('./DictBizPage')),
    '/dict-horizontal/index': lazy(() => import('./DictHorizontalPage')),
    '/dict-vertical/index': lazy(() => import('./DictVerticalPage')),
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
