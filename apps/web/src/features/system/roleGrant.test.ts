import type { TreeNode } from '@xpark/contract/schemas'
import { describe, expect, it } from 'vitest'
import type { GrantTrees } from './roleApi'
import { buildGrantRequest, checkedFromGranted, initialChecked, withPartialParents } from './roleGrant'

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
})

// 系统管理 > 参数管理 > (新增, 查看); 系统管理 > 用户管理 > 新增; 权限管理
const menu = [
  node('1', '系统管理', [
    node('11', '参数管理', [node('111', '新增'), node('112', '查看')]),
    node('12', '用户管理', [node('121', '新增')]),
  ]),
  node('2', '权限管理'),
]
// scopes (ids 9xx) hang under their menus
const dataScope = [
  node('1', '系统管理', [node('12', '用户管理', [node('901', '本部门'), node('902', '全部')])]),
]
const apiScope = [node('11', '参数管理', [node('951', '参数接口')])]
// the app's menus: 访客 > (访客登记, 查看); 通知
const menuApp = [node('31', '访客', [node('311', '访客登记'), node('312', '查看')]), node('32', '通知')]
const trees: GrantTrees = { menu, dataScope, apiScope, menuApp }

describe('role grant dialog: checked keys ↔ role/grant', () => {
  it('prefills only the granted leaves (a granted parent would check all its children)', () => {
    expect(checkedFromGranted(menu, ['1', '11', '112'])).toEqual(['112'])
    expect(
      initialChecked(trees, {
        menu: ['1', '11', '112', '2'],
        dataScope: ['901'],
        apiScope: [],
        menuApp: ['31', '311'],
      }),
    ).toEqual({
      menu: ['112', '2'],
      dataScope: ['901'],
      apiScope: [],
      menuApp: ['311'],
    })
  })

  it('grants a screen and its folder when only one of its buttons is checked', () => {
    expect(
      buildGrantRequest(['7'], trees, { menu: ['112'], dataScope: [], apiScope: [], menuApp: ['312'] }),
    ).toEqual({
      roleIds: ['7'],
      menuIds: ['1', '11', '112'],
      menuAppIds: ['31', '312'],
      dataScopeIds: [],
      apiScopeIds: [],
    })
  })

  it('a checked parent grants its whole branch; scopes are only their leaves', () => {
    const body = buildGrantRequest(['7', '8'], trees, {
      menu: ['12', '121', '2'],
      dataScope: ['12', '901', '902'],
      apiScope: ['951'],
      menuApp: ['31', '32'],
    })
    expect(body.menuIds).toEqual(['1', '12', '121', '2'])
    expect(body.menuAppIds).toEqual(['31', '311', '312', '32'])
    expect(body.dataScopeIds).toEqual(['901', '902'])
    expect(body.apiScopeIds).toEqual(['951'])
    expect(body.roleIds).toEqual(['7', '8'])
  })

  it('nothing checked grants nothing', () => {
    expect(buildGrantRequest(['7'], trees, { menu: [], dataScope: [], apiScope: [], menuApp: [] })).toEqual({
      roleIds: ['7'],
      menuIds: [],
      menuAppIds: [],
      dataScopeIds: [],
      apiScopeIds: [],
    })
  })

  it('keeps tree order and drops ids no longer in the tree', () => {
    expect(withPartialParents(menu, ['2', '111', 'gone'])).toEqual(['1', '11', '111', '2'])
  })
})
