import { defineMessages, useMessages } from '@/i18n'

/** The data and API scope screens' texts: registered when the feature's chunk loads. */
export const messages = defineMessages({
  'zh-CN': {
    // the contract's form messages (its schemas are this feature's only)
    'please enter scope name': '请输入权限名称',
    'please enter resource code': '请输入权限编号',
    'please enter scope path': '请输入权限路径',
    'scope.menuTree': '菜单',
    'scope.menu': '所属菜单',
    'scope.dataTitle': '数据权限',
    'scope.apiTitle': '接口权限',
    'scope.name': '权限名称',
    'scope.resourceCode': '权限编号',
    'scope.column': '权限字段',
    'scope.field': '可见字段',
    'scope.class': '权限类名',
    'scope.type': '规则类型',
    'scope.value': '规则值',
    'scope.path': '权限路径',
    'scope.remark': '备注',
    'please select menu': '请选择所属菜单',
  },
  'en-US': {
    'please enter scope name': 'please enter scope name',
    'please enter resource code': 'please enter resource code',
    'please enter scope path': 'please enter scope path',
    'scope.menuTree': 'Menus',
    'scope.menu': 'Menu',
    'scope.dataTitle': 'Data scope',
    'scope.apiTitle': 'API scope',
    'scope.name': 'Scope name',
    'scope.resourceCode': 'Resource code',
    'scope.column': 'Column',
    'scope.field': 'Visible fields',
    'scope.class': 'Class name',
    'scope.type': 'Rule type',
    'scope.value': 'Rule value',
    'scope.path': 'API path',
    'scope.remark': 'Remark',
    'please select menu': 'please select menu',
  },
})

/** `t` over the central keys and this feature's. */
export const useAuthorityT = () => useMessages<typeof messages>()

export type AuthorityKey = Parameters<ReturnType<typeof useAuthorityT>>[0]
