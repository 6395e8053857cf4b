import type { TopMenuRow } from '@xpark/contract/schemas'
import type { FormRule } from 'antd'
import type { CrudColumn } from '@/components/crud'
import './i18n'
import type { SystemKey } from './i18n'

/** The row of the contract (packages/contract). */
export type TopMenu = TopMenuRow

const requiredText = (message: SystemKey): FormRule[] => [{ required: true, whitespace: true, message }]

/** 顶部菜单: code, name, icon (an `@ant-design/icons` name, as the menus' `source`), sort. */
export const topMenuColumns: CrudColumn<TopMenu>[] = [
  {
    prop: 'code',
    label: 'topmenu.code',
    search: 'input',
    sortable: true,
    form: { rules: requiredText('enter top menu code'), span: 12, props: { maxLength: 255 } },
    testId: { search: 'topmenu-search-code', form: 'topmenu-code' },
  },
  {
    prop: 'name',
    label: 'topmenu.name',
    search: 'input',
    sortable: true,
    form: { rules: requiredText('enter top menu name'), span: 12, props: { maxLength: 255 } },
    testId: { search: 'topmenu-search-name', form: 'topmenu-name' },
  },
  {
    prop: 'source',
    label: 'topmenu.source',
    form: { span: 12, props: { maxLength: 255, placeholder: 'AppstoreOutlined' } },
    testId: { form: 'topmenu-source' },
  },
  {
    prop: 'sort',
    label: 'topmenu.sort',
    sortable: true,
    width: 100,
    form: {
      type: 'number',
      span: 12,
      rules: [{ required: true, type: 'number', message: 'enter top menu sort' }],
      props: { precision: 0 },
    },
    testId: { form: 'topmenu-sort' },
  },
]
