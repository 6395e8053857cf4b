import {
  type ProxyTenantRow,
  productionSelectCall,
  proxyTenantContract,
  proxyTenantGrantCall,
  proxyTenantProductKeysCall,
  type TreeNode,
} from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'
import { type CrudResource, fromContract } from '@/components/crud'
import './i18n'

/** The row of the contract (packages/contract). */
export type ProxyTenant = ProxyTenantRow

/** 代理商管理 (platform administrator): agents; rows add the page's 产品授权 (the products each may sell). */
export const proxyScreen = (extra: Pick<CrudResource<ProxyTenant>, 'rowExtra'> = {}) =>
  fromContract<ProxyTenant>(proxyTenantContract, {
    title: 'proxy.title',
    actions: { copy: false },
    compactActions: false,
    dialogWidth: 760,
    columns: [
      {
        prop: 'name',
        label: 'proxy.name',
        search: 'input',
        sortable: true,
        form: { span: 12 },
        testId: { search: 'proxy-search-name', form: 'proxy-name' },
      },
      {
        prop: 'linkman',
        label: 'proxy.linkman',
        search: 'input',
        width: 120,
        form: { span: 12 },
        testId: { form: 'proxy-linkman' },
      },
      {
        prop: 'contactNumber',
        label: 'proxy.contactNumber',
        width: 140,
        form: { span: 12 },
        testId: { form: 'proxy-contactNumber' },
      },
      {
        prop: 'logo',
        label: 'proxy.logo',
        ellipsis: true,
        form: { span: 12, itemProps: { extra: 'proxy.logoHint' } },
        testId: { form: 'proxy-logo' },
      },
      {
        prop: 'remark',
        label: 'proxy.remark',
        ellipsis: true,
        form: { type: 'textarea' },
        testId: { form: 'proxy-remark' },
      },
    ],
    ...extra,
    testIds: {
      page: 'proxy-page',
      table: 'proxy-table',
      add: 'proxy-add',
      bulkDelete: 'proxy-bulk-delete',
      searchSubmit: 'proxy-search-submit',
      searchReset: 'proxy-search-reset',
      formSubmit: 'proxy-form-submit',
    },
  })

/** Products as the leaves of a one-level tree, for the grant dialog. */
export function productNodes(products: readonly { id: string; name: string }[]): TreeNode[] {
  return products.map((p) => ({ id: p.id, parentId: '0', title: p.name, key: p.id, value: p.id }))
}

/** The agent grant dialog's reads and write: every product, the agent's, the new set. */
export async function loadProxyGrant(proxyId: string) {
  const [products, keys] = await Promise.all([
    callApi(productionSelectCall),
    callApi(proxyTenantProductKeysCall, { proxyId }),
  ])
  return { tree: productNodes(products ?? []), keys: keys ?? [] }
}

export async function saveProxyGrant(proxyId: string, productIds: string[]) {
  await callApi(proxyTenantGrantCall, { proxyId, productIds })
}
