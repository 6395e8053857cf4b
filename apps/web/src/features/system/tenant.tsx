import { type TenantListInfoRow, tenantContract, tenantListInfoCall } from '@xpark/contract/schemas'
import type { FormRule } from 'antd'
import { type CrudColumn, type CrudResource, defineLookup, fromContract } from '@/components/crud'
import { tSystem } from './i18n'
import { datasourceSelectQuery, ProductSelect, ProxySelect } from './tenantOptions'

/** A tenant as the list (`listInfo`) shows it, and the add form's initial password of its `admin`. */
export type Tenant = TenantListInfoRow & { adminPassword?: string }

/**
 * The server falls back on a default that is too weak for an admin: the screen asks for one (its
 * strength, spec 01 §5, is the contract's check).
 */
const adminPasswordRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      if (!value) throw new Error(tSystem('please enter admin password'))
    },
  },
]

export const accountNumberText = (v: unknown) =>
  v === -1 || v === undefined || v === null ? tSystem('tenant.unlimited') : String(v)
export const expireTimeText = (v: unknown) => (v ? String(v) : tSystem('tenant.neverExpires'))

/** The tenant id is the server's (generated on add, never edited); the password only goes with an add; list-only fields stay home. */
export function tenantSubmitBody(values: Record<string, unknown>): Record<string, unknown> {
  const {
    tenantId: _tenantId,
    productNames: _productNames,
    proxyName: _proxyName,
    userCount: _userCount,
    datasourceId: _datasourceId,
    ...rest
  } = values
  return rest
}

// the list's datasource names: one query for the whole table
const datasourceName = defineLookup(
  datasourceSelectQuery,
  (rows, id) => (typeof id === 'string' && rows?.find((r) => r.id === id)?.name) || '',
)

const columns: CrudColumn<Tenant>[] = [
  {
    prop: 'tenantId',
    label: 'tenant.tenantId',
    search: 'input',
    sortable: true,
    width: 110,
    form: { modes: ['edit', 'view'], disabledOnEdit: true, span: 12 },
    testId: { search: 'tenant-search-tenantId', form: 'tenant-tenantId' },
  },
  {
    prop: 'tenantName',
    label: 'tenant.tenantName',
    search: 'input',
    sortable: true,
    form: { span: 12 },
    testId: { search: 'tenant-search-tenantName', form: 'tenant-tenantName' },
  },
  {
    prop: 'domain',
    label: 'tenant.domain',
    ellipsis: true,
    form: { span: 12 },
    testId: { form: 'tenant-domain' },
  },
  {
    prop: 'linkman',
    label: 'tenant.linkman',
    width: 110,
    form: { span: 12 },
    testId: { form: 'tenant-linkman' },
  },
  {
    prop: 'contactNumber',
    label: 'tenant.contactNumber',
    width: 140,
    form: { span: 12 },
    testId: { form: 'tenant-contactNumber' },
  },
  {
    prop: 'address',
    label: 'tenant.address',
    ellipsis: true,
    hidden: true,
    form: { span: 12 },
    testId: { form: 'tenant-address' },
  },
  {
    prop: 'proIds',
    label: 'tenant.products',
    hideInTable: true,
    filterable: false,
    form: { render: ({ testId, disabled }) => <ProductSelect data-testid={testId} disabled={disabled} /> },
    testId: { form: 'tenant-proIds' },
  },
  { prop: 'productNames', label: 'tenant.products', ellipsis: true, form: false, filterable: false },
  {
    prop: 'proxyId',
    label: 'tenant.proxy',
    hideInTable: true,
    filterable: false,
    form: {
      span: 12,
      render: ({ testId, disabled }) => <ProxySelect data-testid={testId} disabled={disabled} />,
    },
    testId: { form: 'tenant-proxyId' },
  },
  { prop: 'proxyName', label: 'tenant.proxy', width: 120, form: false, filterable: false },
  {
    prop: 'userCount',
    label: 'tenant.userCount',
    width: 100,
    form: false,
    filterable: false,
    render: (v, row) => `${v ?? 0} / ${accountNumberText(row.accountNumber)}`,
  },
  {
    prop: 'datasourceId',
    label: 'tenant.datasource',
    hidden: true,
    form: false,
    filterable: false,
    lookup: datasourceName,
  },
  {
    prop: 'accountNumber',
    label: 'tenant.accountNumber',
    width: 110,
    render: (v) => accountNumberText(v),
    form: {
      type: 'number',
      span: 12,
      props: { precision: 0, min: -1 },
      itemProps: { extra: 'tenant.accountNumberHint' },
    },
    testId: { form: 'tenant-accountNumber' },
  },
  {
    prop: 'expireTime',
    label: 'tenant.expireTime',
    width: 170,
    render: (v) => expireTimeText(v),
    form: { type: 'date', span: 12, itemProps: { extra: 'tenant.expireTimeHint' } },
    testId: { form: 'tenant-expireTime' },
  },
  { prop: 'logo', label: 'tenant.logo', hideInTable: true, testId: { form: 'tenant-logo' } },
  {
    prop: 'backgroundUrl',
    label: 'tenant.backgroundUrl',
    hideInTable: true,
    form: { itemProps: { extra: 'tenant.backgroundUrlHint' } },
    testId: { form: 'tenant-backgroundUrl' },
  },
  {
    prop: 'adminPassword',
    label: 'tenant.adminPassword',
    hideInTable: true,
    filterable: false,
    form: {
      type: 'password',
      modes: ['add'],
      rules: adminPasswordRules,
      props: { autoComplete: 'new-password' },
      // a cleared input is no password (asked for above), not a weak one
      itemProps: { extra: 'tenant.adminPasswordHint', normalize: (v: string) => v || undefined },
    },
    testId: { form: 'tenant-adminPassword' },
  },
]

/** The list: the page with product names, agent name and live accounts (`listInfo`). */
const LIST_INFO = tenantListInfoCall.path.slice(tenantContract.path.length + 1)

/**
 * 租户管理 (platform administrator): the parks; adding one provisions its admin, role, dept and dicts.
 * The page adds its row actions (授权配置, 数据源).
 */
export const tenantScreen = (extra: Pick<CrudResource<Tenant>, 'rowExtra' | 'rowExtraCount'> = {}) =>
  fromContract<Tenant>(tenantContract, {
    pagePath: LIST_INFO,
    title: 'tenant.title',
    dialogWidth: 880,
    actions: { copy: false },
    compactActions: false,
    // the platform tenant cannot be removed
    rowCheck: (row, action) => !(action === 'delete' && row.tenantId === '000000'),
    beforeSubmit: (values) => tenantSubmitBody(values),
    columns,
    ...extra,
    testIds: {
      page: 'tenant-page',
      table: 'tenant-table',
      add: 'tenant-add',
      bulkDelete: 'tenant-bulk-delete',
      searchSubmit: 'tenant-search-submit',
      searchReset: 'tenant-search-reset',
      formSubmit: 'tenant-form-submit',
    },
  })
