import { passwordProblem } from '@xpark/contract'
import type { FormRule } from 'antd'
import { defineCrud, defineLookup } from '@/components/crud'
import { type SystemKey, tSystem } from './i18n'
import { datasourceSelectQuery, ProductSelect, ProxySelect } from './tenantOptions'

/** `blade_tenant` row as the API serialises it. */
export interface Tenant {
  id: string
  tenantId: string
  tenantName: string
  domain?: string
  linkman?: string
  contactNumber?: string
  address?: string
  /** -1: unlimited */
  accountNumber?: number
  /** `yyyy-MM-dd HH:mm:ss`; null: never expires */
  expireTime?: string | null
  logo?: string
  backgroundUrl?: string
  /** comma-joined product ids (required on submit) */
  proIds?: string
  /** the agent that sold the tenant; '' none */
  proxyId?: string | null
  datasourceId?: string | null
  /** `listInfo` only: product names, agent name, live accounts */
  productNames?: string
  proxyName?: string
  userCount?: number
  /** only when adding: the initial password of the new tenant's `admin` */
  adminPassword?: string
}

export const TENANT_PATH = 'blade-system/tenant'

const accountNumberRules: FormRule[] = [
  { type: 'number', min: -1, max: 1_000_000, message: 'tenant.accountNumberHint' },
]

/** spec 01 §5 strength, as the server checks it (the server's default is too weak to fall back on). */
const adminPasswordRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      const problem = value ? passwordProblem(value) : 'please enter admin password'
      if (problem) throw new Error(tSystem(problem as SystemKey))
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

/** A background image URL the login page may use: http(s) or a server path, nothing that could break out of `url()`. */
const BACKGROUND_URL = /^(https?:\/\/|\/)[^\s"'()\\]*$/

// the list's datasource names: one query for the whole table
const datasourceName = defineLookup(
  datasourceSelectQuery,
  (rows, id) => (typeof id === 'string' && rows?.find((r) => r.id === id)?.name) || '',
)

/** 租户管理 (platform administrator): the parks; adding one provisions its admin, role, dept and dicts. */
export const tenantResource = defineCrud<Tenant>({
  path: TENANT_PATH,
  // the page with product names, agent name and live accounts
  pagePath: 'listInfo',
  permissionPrefix: 'tenant',
  title: 'tenant.title',
  dialogWidth: 880,
  actions: { copy: false },
  // the platform tenant cannot be removed
  rowCheck: (row, action) => !(action === 'delete' && row.tenantId === '000000'),
  beforeSubmit: (values) => tenantSubmitBody(values),
  columns: [
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
      form: {
        span: 12,
        rules: [{ required: true, whitespace: true, message: 'please enter tenant name' }],
        props: { maxLength: 50 },
      },
      testId: { search: 'tenant-search-tenantName', form: 'tenant-tenantName' },
    },
    {
      prop: 'domain',
      label: 'tenant.domain',
      ellipsis: true,
      form: { span: 12, props: { maxLength: 255 } },
      testId: { form: 'tenant-domain' },
    },
    {
      prop: 'linkman',
      label: 'tenant.linkman',
      width: 110,
      form: { span: 12, props: { maxLength: 20 } },
      testId: { form: 'tenant-linkman' },
    },
    {
      prop: 'contactNumber',
      label: 'tenant.contactNumber',
      width: 140,
      form: { span: 12, props: { maxLength: 20 } },
      testId: { form: 'tenant-contactNumber' },
    },
    {
      prop: 'address',
      label: 'tenant.address',
      ellipsis: true,
      hidden: true,
      form: { span: 12, props: { maxLength: 255 } },
      testId: { form: 'tenant-address' },
    },
    {
      prop: 'proIds',
      label: 'tenant.products',
      hideInTable: true,
      filterable: false,
      form: {
        rules: [{ required: true, message: 'please select products' }],
        render: ({ testId, disabled }) => <ProductSelect data-testid={testId} disabled={disabled} />,
      },
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
        rules: accountNumberRules,
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
    {
      prop: 'logo',
      label: 'tenant.logo',
      hideInTable: true,
      form: { props: { maxLength: 1000 } },
      testId: { form: 'tenant-logo' },
    },
    {
      prop: 'backgroundUrl',
      label: 'tenant.backgroundUrl',
      hideInTable: true,
      form: {
        props: { maxLength: 1000 },
        rules: [{ pattern: BACKGROUND_URL, message: 'tenant.backgroundUrlHint' }],
        itemProps: { extra: 'tenant.backgroundUrlHint' },
      },
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
        itemProps: { extra: 'tenant.adminPasswordHint' },
      },
      testId: { form: 'tenant-adminPassword' },
    },
  ],
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
