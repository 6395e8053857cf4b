import {
  type ProductionRow,
  productionContract,
  productionGrantCall,
  productionGrantTreeCall,
  productionTreeKeysCall,
  type TreeNode,
} from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'
import { type CrudColumn, type CrudResource, fromContract } from '@/components/crud'
import './i18n'

/** The row of the contract (packages/contract). */
export type Product = ProductionRow

const columns: CrudColumn<Product>[] = [
  {
    prop: 'name',
    label: 'production.name',
    search: 'input',
    sortable: true,
    form: { span: 12 },
    testId: { search: 'production-search-name', form: 'production-name' },
  },
  {
    prop: 'sort',
    label: 'production.sort',
    sortable: true,
    width: 100,
    form: { type: 'number', span: 12, props: { precision: 0, min: 0 } },
    testId: { form: 'production-sort' },
  },
  {
    prop: 'remark',
    label: 'production.remark',
    ellipsis: true,
    form: { type: 'textarea' },
    testId: { form: 'production-remark' },
  },
]

/** 产品管理 (platform administrator): the products tenants are sold; rows add the page's 菜单配置. */
export const productionScreen = (extra: Pick<CrudResource<Product>, 'rowExtra'> = {}) =>
  fromContract<Product>(productionContract, {
    title: 'production.title',
    actions: { copy: false },
    compactActions: false,
    columns,
    ...extra,
    testIds: {
      page: 'production-page',
      table: 'production-table',
      add: 'production-add',
      bulkDelete: 'production-bulk-delete',
      searchSubmit: 'production-search-submit',
      searchReset: 'production-search-reset',
      formSubmit: 'production-form-submit',
    },
  })

/** The product grant dialog's reads and write: every bundlable menu, this product's, the new set. */
export async function loadProductGrant(productId: string) {
  const [menus, keys] = await Promise.all([
    callApi(productionGrantTreeCall),
    callApi(productionTreeKeysCall, { productId }),
  ])
  // the reply schema types a node's nested children loosely (a recursive zod getter): they are TreeNodes
  return { tree: (menus?.menu ?? []) as TreeNode[], keys: keys?.menu ?? [] }
}

export async function saveProductGrant(productId: string, menuIds: string[]) {
  await callApi(productionGrantCall, { productId, menuIds })
}
