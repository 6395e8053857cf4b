import type { ProductionRow, TreeNode } from '@xpark/contract/schemas'
import { getData, postData } from '@/api/http'
import { type CrudColumn, defineCrud } from '@/components/crud'
import { PRODUCTION_PATH } from './tenantOptions'
import './i18n'

/** The row of the contract (packages/contract). */
export type Product = ProductionRow

const columns: CrudColumn<Product>[] = [
  {
    prop: 'name',
    label: 'production.name',
    search: 'input',
    sortable: true,
    form: {
      span: 12,
      rules: [{ required: true, whitespace: true, message: 'please enter product name' }],
      props: { maxLength: 50 },
    },
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
    form: { type: 'textarea', props: { maxLength: 255 } },
    testId: { form: 'production-remark' },
  },
]

/** 产品管理 (platform administrator): the products tenants are sold. */
export const productionResource = defineCrud<Product>({
  path: PRODUCTION_PATH,
  permissionPrefix: 'production',
  title: 'production.title',
  actions: { copy: false },
  columns,
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
    getData<{ menu: TreeNode[] }>(`${PRODUCTION_PATH}/grant-tree`),
    getData<{ menu: string[] }>(`${PRODUCTION_PATH}/product-tree-keys`, { productId }),
  ])
  return { tree: menus?.menu ?? [], keys: keys?.menu ?? [] }
}

export async function saveProductGrant(productId: string, menuIds: string[]) {
  await postData(`${PRODUCTION_PATH}/grant`, undefined, { productId, menuIds })
}
