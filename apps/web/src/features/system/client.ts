import { type ClientRow, clientContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import './i18n'

/** The row of the contract (packages/contract), and what the form alone sends. */
export type Client = ClientRow & { /** write-only: sent when set, never read back */ clientSecret?: string }

/** The grant types the server's token endpoint knows. */
export const GRANT_TYPES = [
  'password',
  'captcha',
  'refresh_token',
  'authorization_code',
  'social',
  'sms_code',
  'applet',
] as const

/** The wire carries `password,refresh_token`; the form a list of choices. */
const splitGrants = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Array.isArray(v)
      ? v
      : []

/**
 * A secret left blank is not sent: on edit that keeps the stored one (the server never reads it back),
 * on add it makes a public client.
 */
export function dropBlankSecret(values: Record<string, unknown>): Record<string, unknown> {
  const { clientSecret, ...rest } = values
  return typeof clientSecret === 'string' && clientSecret.trim() !== '' ? { ...rest, clientSecret } : rest
}

/**
 * 客户端管理: the OAuth clients of `Authorization: Basic` (platform administrator). The contract's
 * form checks the fields (required texts, seconds from 1 to a year) with its messages.
 */
export const clientResource = fromContract<Client>(clientContract, {
  title: 'client.title',
  compactActions: false,
  dialogWidth: 880,
  beforeSubmit: (values) => dropBlankSecret(values),
  columns: [
    {
      prop: 'clientId',
      label: 'client.clientId',
      search: 'input',
      sortable: true,
      width: 160,
      form: { span: 12, props: { maxLength: 48 } },
      testId: { search: 'client-search-clientId', form: 'client-clientId' },
    },
    {
      prop: 'clientSecret',
      label: 'client.clientSecret',
      hideInTable: true,
      filterable: false,
      form: {
        type: 'password',
        span: 12,
        props: { maxLength: 255, autoComplete: 'new-password' },
        itemProps: { extra: 'client.secretHint' },
      },
      testId: { form: 'client-clientSecret' },
    },
    {
      prop: 'scope',
      label: 'client.scope',
      search: 'input',
      width: 100,
      form: { span: 12, props: { maxLength: 255 } },
      testId: { search: 'client-search-scope', form: 'client-scope' },
    },
    {
      prop: 'authorizedGrantTypes',
      label: 'client.grantTypes',
      ellipsis: true,
      options: GRANT_TYPES.map((g) => ({ label: `client.grant.${g}`, value: g })),
      render: (v) => splitGrants(v).join(', '),
      form: {
        type: 'select',
        span: 12,

        props: { mode: 'multiple' },
        itemProps: {
          getValueProps: (v: unknown) => ({ value: splitGrants(v) }),
          normalize: (v: unknown) => (Array.isArray(v) ? v.join(',') : v),
        },
      },
      testId: { form: 'client-authorizedGrantTypes' },
    },
    {
      prop: 'accessTokenValidity',
      label: 'client.accessTokenValidity',
      width: 140,
      form: {
        type: 'number',
        span: 12,
        props: { precision: 0, min: 1 },
      },
      testId: { form: 'client-accessTokenValidity' },
    },
    {
      prop: 'refreshTokenValidity',
      label: 'client.refreshTokenValidity',
      width: 140,
      form: {
        type: 'number',
        span: 12,
        props: { precision: 0, min: 1 },
      },
      testId: { form: 'client-refreshTokenValidity' },
    },
    {
      prop: 'webServerRedirectUri',
      label: 'client.redirectUri',
      ellipsis: true,
      hidden: true,
      form: { span: 12, props: { maxLength: 255 } },
      testId: { form: 'client-webServerRedirectUri' },
    },
    {
      prop: 'resourceIds',
      label: 'client.resourceIds',
      hideInTable: true,
      form: { span: 12, props: { maxLength: 255 } },
    },
    {
      prop: 'authorities',
      label: 'client.authorities',
      hideInTable: true,
      form: { span: 12, props: { maxLength: 255 } },
    },
    {
      prop: 'autoapprove',
      label: 'client.autoapprove',
      hideInTable: true,
      form: { span: 12, props: { maxLength: 255 } },
    },
    {
      prop: 'additionalInformation',
      label: 'client.additionalInformation',
      hideInTable: true,
      form: { type: 'textarea', props: { maxLength: 4096 } },
    },
  ],
  testIds: {
    page: 'client-page',
    table: 'client-table',
    add: 'client-add',
    bulkDelete: 'client-bulk-delete',
    searchSubmit: 'client-search-submit',
    searchReset: 'client-search-reset',
    formSubmit: 'client-form-submit',
  },
})
