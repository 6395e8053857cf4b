import { queryOptions, useQuery } from '@tanstack/react-query'
import { menuAppCalls, menuAppContract, menuCalls, menuContract } from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'
import { fromContract, routeUnder } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { NodeTreeSelect, type NodeTreeSelectProps } from './deptTree'
import './i18n'

/** `blade_menu` row of `menu/lazy-list` (category 1 menu / 2 button; isOpen 1 no / 2 yes). */
export interface Menu {
  id: string
  parentId: string
  code: string
  name: string
  alias?: string
  path?: string
  source?: string
  sort?: number
  category?: number
  action?: number
  isOpen?: number
  remark?: string
  hidden?: boolean
  roles?: string
  keepAlive?: boolean
  parentName?: string
  hasChildren?: boolean
  children?: Menu[]
}

/**
 * The two menu trees: the console's (`menuContract`, 菜单管理) and the mobile app's
 * (`menuAppContract`, APP菜单). One screen declaration serves both.
 */
export interface MenuKind {
  contract: typeof menuContract
  /** the tree's reads beside its resource routes (`lazy-list`, `tree`…) */
  calls: typeof menuCalls
  /** button-code prefix (`menu_add`, `menuapp_add`) and test-id prefix: the contract's code */
  prefix: string
  title: string
}
export const WEB_MENU: MenuKind = {
  contract: menuContract,
  calls: menuCalls,
  prefix: menuContract.code,
  title: 'sysMenu.title',
}
export const APP_MENU: MenuKind = {
  contract: menuAppContract,
  calls: menuAppCalls,
  prefix: menuAppContract.code,
  title: 'sysMenu.appTitle',
}

/** Under the menu resource's key: a write on the menu screen refreshes the parent picker. */
export const menuTreeQuery = (kind = WEB_MENU) =>
  queryOptions({
    queryKey: [kind.contract.code, 'nodes'],
    queryFn: () => callApi(kind.calls.tree),
    staleTime: 60_000,
  })

/** The parent picker: menus only (the tree's `tree`); cleared means a top-level menu (`0`). */
export function MenuTreeSelect({
  kind = WEB_MENU,
  ...props
}: Omit<NodeTreeSelectProps, 'nodes' | 'loading'> & { kind?: MenuKind }) {
  const { data, isLoading } = useQuery(menuTreeQuery(kind))
  return <NodeTreeSelect nodes={data} loading={isLoading} {...props} />
}

const yesNo = (v: unknown) => <span>{v ? '✔' : ''}</span>
const required = (message: string) => [{ required: true, message }]

/** A menu tree screen (menus and their buttons), loaded one level at a time. */
/** a menu (category 1, or not chosen yet) rather than a button (2): buttons have no path or page options */
const isMenu = (values: Record<string, unknown>) => Number(values.category ?? 1) !== 2

export const menuCrud = (kind: MenuKind) => {
  const { contract, calls, prefix, title } = kind
  return fromContract<Menu>(contract, {
    title,
    tree: {
      listPath: routeUnder(contract, calls.lazyList),
      loadChildren: (row) => callApi(calls.lazyList, { parentId: row.id }),
    },
    // the row actions as text buttons, as before the contract
    compactActions: false,
    actions: { copy: false },
    dialogWidth: 900,
    beforeSubmit: (values) => ({ ...values, parentId: values.parentId || '0' }),
    testIds: {
      page: `${prefix}-page`,
      table: `${prefix}-table`,
      add: `${prefix}-add`,
      formSubmit: `${prefix}-form-submit`,
    },
    columns: [
      {
        prop: 'name',
        label: 'sysMenu.name',
        search: 'input',
        form: { span: 12, rules: required('please enter menu name'), props: { maxLength: 255 } },
      },
      {
        prop: 'path',
        label: 'sysMenu.path',
        ellipsis: true,
        form: { span: 12, props: { maxLength: 255 }, visible: isMenu },
      },
      {
        prop: 'parentId',
        label: 'sysMenu.parent',
        hideInTable: true,
        form: {
          span: 12,
          render: ({ testId, disabled }) => (
            <MenuTreeSelect kind={kind} root="0" data-testid={testId} disabled={disabled} />
          ),
        },
      },
      {
        prop: 'source',
        label: 'sysMenu.source',
        width: 160,
        ellipsis: true,
        form: { span: 12, props: { maxLength: 255 } },
      },
      {
        prop: 'code',
        label: 'sysMenu.code',
        search: 'input',
        width: 160,
        form: { span: 12, rules: required('please enter menu code'), props: { maxLength: 255 } },
      },
      {
        prop: 'category',
        label: 'sysMenu.category',
        width: 90,
        dict: 'menu_category',
        form: {
          span: 12,
          rules: required('please select menu category'),
          render: ({ testId, disabled }) => (
            <DictSelect code="menu_category" numeric data-testid={testId} disabled={disabled} />
          ),
        },
      },
      {
        prop: 'alias',
        label: 'sysMenu.alias',
        hideInTable: true,
        form: { span: 12, rules: required('please enter menu alias'), props: { maxLength: 255 } },
      },
      {
        prop: 'action',
        label: 'sysMenu.action',
        hideInTable: true,
        form: {
          span: 12,
          render: ({ testId, disabled }) => (
            <DictSelect code="button_func" numeric allowClear data-testid={testId} disabled={disabled} />
          ),
          visible: (v) => !isMenu(v),
        },
      },
      { prop: 'sort', label: 'sysMenu.sort', width: 80, form: { span: 12, type: 'number' } },
      {
        prop: 'isOpen',
        label: 'sysMenu.isOpen',
        width: 90,
        dict: 'yes_no',
        form: {
          span: 12,
          render: ({ testId, disabled }) => (
            <DictSelect code="yes_no" numeric allowClear data-testid={testId} disabled={disabled} />
          ),
          visible: isMenu,
        },
      },
      {
        prop: 'hidden',
        label: 'sysMenu.hidden',
        width: 80,
        render: yesNo,
        form: { span: 6, type: 'switch', visible: isMenu },
      },
      {
        prop: 'keepAlive',
        label: 'sysMenu.keepAlive',
        width: 90,
        render: yesNo,
        form: { span: 6, type: 'switch', visible: isMenu },
      },
      {
        prop: 'roles',
        label: 'sysMenu.roles',
        hideInTable: true,
        form: { span: 12, props: { maxLength: 255 }, itemProps: { extra: 'sysMenu.rolesHint' } },
      },
      { prop: 'remark', label: 'sysMenu.remark', hideInTable: true, form: { type: 'textarea' } },
    ],
  })
}

/** 菜单管理: the platform's console menus. */
export const menuResource = menuCrud(WEB_MENU)
