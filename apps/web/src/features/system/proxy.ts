import type { ProxyTenantRow, TreeNode } from '@xpark/contract/schemas'
import { getData, postData } from '@/api/http'
import { defineCrud } from '@/components/crud'
import { PRODUCTION_PATH, PROXY_PATH } from './tenantOptions'
import './i18n'

/** The row of the contract (packages/contract). */
export type ProxyTenant = ProxyTenantRow

/** 代理商管理 (platform administrator): agents and the products each may sell. */
export const proxyResource = defineCrud<ProxyTenant>({
  path: PROXY_PATH,
  permissionPrefix: 'proxy',
  title: 'proxy.title',
  actions: { copy: false },
  dialogWidth: 760,
  columns: [
    {
      prop: 'name',
      label: 'proxy.name',
      search: 'input',
      sortable: true,
      form: {
        span: 12,
        rules: [{ required: true, whitespace: true, message: 'please enter agent name' }],
        props: { maxLength: 50 },
      },
      testId: { search: 'proxy-search-name', form: 'proxy-name' },
    },
    {
      prop: 'linkman',
      label: 'proxy.linkman',
      search: 'input',
      width: 120,
      form: { span: 12, props: { maxLength: 20 } },
      testId: { form: 'proxy-linkman' },
    },
    {
      prop: 'contactNumber',
      label: 'proxy.contactNumber',
      width: 140,
      form: { span: 12, props: { maxLength: 20 } },
      testId: { form: 'proxy-contactNumber' },
    },
    {
      prop: 'logo',
      label: 'proxy.logo',
      ellipsis: true,
      form: { span: 12, props: { maxLength: 1000 }, itemProps: { extra: 'proxy.logoHint' } },
      testId: { form: 'proxy-logo' },
    },
    {
      prop: 'remark',
      label: 'proxy.remark',
      ellipsis: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
      testId: { form: 'proxy-remark' },
    },
  ],
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
    getData<{ id: string; name: string }[]>(`${PRODUCTION_PATH}/select`),
    getData<string[]>(`${PROXY_PATH}/product-keys`, { proxyId }),
  ])
  return { tree: productNodes(products ?? []), keys: keys ?? [] }
}

export async function saveProxyGrant(proxyId: string, productIds: string[]) {
  await postData(`${PROXY_PATH}/grant`, undefined, { proxyId, productIds })
}
