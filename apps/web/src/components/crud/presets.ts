import type { ResourceContract } from '@xpark/contract/kit'
import { fromContract, treeSource } from './contract'
import type { CrudColumn, CrudResource } from './types'

/**
 * The console side of the contract's presets (`@xpark/contract/presets`). A coded tree-category as a
 * tree table: name and code searchable (the code fixed once made), the parent picked from the tree
 * itself, then the category's own columns, the sort and the remark. Labels are the feature's texts
 * `<texts>.name | code | parent | sort | remark`.
 */
export function codedTreeScreen<T extends object>(
  contract: ResourceContract,
  options: { title: string; texts: string; columns?: readonly CrudColumn<T>[] },
): CrudResource<T> {
  const t = (key: string) => `${options.texts}.${key}`
  return fromContract<T>(contract, {
    title: options.title,
    columns: [
      { prop: 'name', label: t('name'), search: 'input', width: 220 },
      { prop: 'code', label: t('code'), search: 'input', width: 140, form: { disabledOnEdit: true } },
      {
        prop: 'parentId',
        label: t('parent'),
        hideInTable: true,
        treeOf: treeSource(contract, { root: true }),
      },
      ...(options.columns ?? []),
      { prop: 'sort', label: t('sort'), width: 80 },
      { prop: 'remark', label: t('remark'), ellipsis: true, form: { type: 'textarea' } },
    ] as CrudColumn<T>[],
  })
}
