import { z } from 'zod'
import { wire } from '../fields.js'

/**
 * Rows of the system area's list screens as the wire carries them (ids and dates as text): declared
 * once, the server's response schemas (OpenAPI, and checked against every reply in the test suite) and
 * the console's row types. Write-only fields (a client's secret, a datasource's password) are never
 * read back, so they are not here.
 */

/** blade-system/param */
export const ParamRow = z.object({
  id: wire.id,
  paramName: wire.text,
  paramKey: wire.text,
  /** credential-like values are masked ('******') */
  paramValue: wire.text,
  remark: wire.text,
  createTime: wire.date,
})
export type ParamRow = z.infer<typeof ParamRow>

/** blade-system/client (the secret is write-only) */
export const ClientRow = z.object({
  id: wire.id,
  clientId: wire.text,
  scope: wire.text,
  authorizedGrantTypes: wire.text,
  accessTokenValidity: wire.number,
  refreshTokenValidity: wire.number,
  resourceIds: wire.text,
  webServerRedirectUri: wire.text,
  authorities: wire.text,
  additionalInformation: wire.text,
  autoapprove: wire.text,
})
export type ClientRow = z.infer<typeof ClientRow>

/** blade-system/staff/type */
export const StaffTypeRow = z.object({
  id: wire.id,
  name: wire.text,
  code: wire.text,
  sort: wire.number,
  remark: wire.text,
})
export type StaffTypeRow = z.infer<typeof StaffTypeRow>

/** blade-system/post */
export const PostRow = z.object({
  id: wire.id,
  category: wire.number,
  postCode: wire.text,
  postName: wire.text,
  sort: wire.number,
  remark: wire.text,
})
export type PostRow = z.infer<typeof PostRow>

/** blade-system/topmenu */
export const TopMenuRow = z.object({
  id: wire.id,
  code: wire.text,
  name: wire.text,
  source: wire.text,
  sort: wire.number,
})
export type TopMenuRow = z.infer<typeof TopMenuRow>

/** blade-system/datasource (the password is write-only) */
export const DatasourceRow = z.object({
  id: wire.id,
  name: wire.text,
  driverClass: wire.text,
  url: wire.text,
  username: wire.text,
  remark: wire.text,
})
export type DatasourceRow = z.infer<typeof DatasourceRow>

/** blade-system/proxyTenant (agents) */
export const ProxyTenantRow = z.object({
  id: wire.id,
  name: wire.text,
  linkman: wire.text,
  contactNumber: wire.text,
  logo: wire.text,
  remark: wire.text,
})
export type ProxyTenantRow = z.infer<typeof ProxyTenantRow>

/** blade-system/production (park products) */
export const ProductionRow = z.object({
  id: wire.id,
  name: wire.text,
  sort: wire.number,
  remark: wire.text,
})
export type ProductionRow = z.infer<typeof ProductionRow>
