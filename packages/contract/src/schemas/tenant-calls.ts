import { z } from 'zod'
import { ADMINISTRATOR, defineCall, SIGNED_IN, TENANT_ADMIN } from '../calls.js'
import { wire } from '../fields.js'
import { doneReply, pageOf, treeNodeReply } from '../replies.js'
import { idString } from './common.js'
import {
  idParam,
  ProductionGrantSchema,
  ProxyTenantGrantSchema,
  TenantDatasourceSchema,
  TenantOwnSettingSchema,
  TenantRow,
  TenantSettingSchema,
} from './tenant.js'

/**
 * The tenant area's hand-written routes (issue 27), declared once: registered by the server's
 * modules/tenant and modules/user/tenants.ts, called by the console's tenant, product, agent and user
 * screens. Platform administrator only, but for the login page's two public lookups (`tenant/info`,
 * `proxyTenant/getTenant`), a tenant's own setting and the tenants a user may switch into.
 */

/** `id, name` of a select's option (products, agents, datasources). */
const NamedRow = z.object({ id: wire.id, name: wire.text })

// —— blade-system/tenant ——

/** The paging, sorting and filters of the tenant lists (further `field_op` filters pass). */
export const tenantListQuery = z
  .object({
    current: z.string().optional(),
    size: z.string().optional(),
    ascs: z.string().optional(),
    descs: z.string().optional(),
    tenantId: z.string().optional().describe('like filter'),
    tenantName: z.string().optional().describe('like filter'),
  })
  .loose()

/** A tenant of `listInfo`: its row, its products' names, its agent's name and its live accounts. */
export const TenantListInfoRow = TenantRow.extend({
  productNames: wire.text,
  proxyName: wire.text,
  userCount: wire.number,
})
export type TenantListInfoRow = z.infer<typeof TenantListInfoRow>

export const tenantListInfoCall = defineCall({
  path: 'blade-system/tenant/listInfo',
  method: 'GET',
  permission: ADMINISTRATOR,
  params: tenantListQuery,
  reply: pageOf(TenantListInfoRow),
  summary: 'tenant: page with product names, agent name and live accounts beside the account quota',
})

export const tenantSelectCall = defineCall({
  path: 'blade-system/tenant/select',
  method: 'GET',
  permission: ADMINISTRATOR,
  reply: z.array(z.object({ id: wire.id, tenantId: wire.text, tenantName: wire.text })),
  summary: 'tenant: id, tenantId and name of every tenant',
})

/** What a login page on a park's own domain may know of its tenant. */
export const TenantInfoReply = z.object({
  tenantId: wire.text,
  tenantName: wire.text,
  logo: wire.text,
  backgroundUrl: wire.text,
})

export const tenantInfoCall = defineCall({
  path: 'blade-system/tenant/info',
  method: 'GET',
  public: true,
  params: z.object({ domain: z.string().min(1).max(255) }),
  // no tenant on the domain (the platform's own host) is the usual answer: an empty object, as BladeX
  reply: z.union([TenantInfoReply, z.strictObject({})]),
  summary: 'tenant: the public face (id, name, logo) of the tenant of a domain, for its login page',
})

export const tenantDatasourceCall = defineCall({
  path: 'blade-system/tenant/datasource',
  method: 'POST',
  permission: ADMINISTRATOR,
  // Saber sends these in the query; a JSON body works too
  in: 'either',
  params: TenantDatasourceSchema,
  reply: doneReply,
  summary:
    'tenant: bind a tenant to a datasource (stored and shown; xpark keeps every tenant in one database)',
})

export const tenantLicenceCall = defineCall({
  path: 'blade-system/tenant/setting',
  method: 'POST',
  permission: ADMINISTRATOR,
  in: 'query',
  params: TenantSettingSchema,
  reply: doneReply,
  summary: 'tenant: licence (account number, -1 unlimited; expire time, empty never) of some tenants',
})

// —— blade-system/tenantSetting: the caller's own tenant ——

export const TenantOwnSettingRow = z.object({
  tenantId: wire.text,
  tenantName: wire.text,
  domain: wire.text,
  linkman: wire.text,
  contactNumber: wire.text,
  address: wire.text,
  logo: wire.text,
  backgroundUrl: wire.text,
  accountNumber: wire.number,
  expireTime: wire.optionalDate,
})

export const tenantOwnSettingCall = defineCall({
  path: 'blade-system/tenantSetting/detail',
  method: 'GET',
  permission: SIGNED_IN,
  reply: TenantOwnSettingRow,
  summary: "tenantSetting: the caller's own tenant (face, contact, licence read-only)",
})

export const tenantOwnSettingSubmitCall = defineCall({
  path: 'blade-system/tenantSetting/submit',
  method: 'POST',
  permission: TENANT_ADMIN,
  in: 'body',
  params: TenantOwnSettingSchema,
  reply: doneReply,
  summary: "tenantSetting: the tenant administrator changes the own tenant's face and contact",
})

// —— blade-system/production, proxyTenant, datasource: the pickers and grants ——

export const productionSelectCall = defineCall({
  path: 'blade-system/production/select',
  method: 'GET',
  permission: ADMINISTRATOR,
  reply: z.array(NamedRow),
  summary: 'production: id and name of every product',
})

export const productionGrantTreeCall = defineCall({
  path: 'blade-system/production/grant-tree',
  method: 'GET',
  permission: ADMINISTRATOR,
  reply: z.object({ menu: z.array(treeNodeReply) }),
  summary: 'production grant dialog: the menus and buttons a product may bundle, as TreeNodes',
})

export const productionTreeKeysCall = defineCall({
  path: 'blade-system/production/product-tree-keys',
  method: 'GET',
  permission: ADMINISTRATOR,
  params: z.object({ productId: idParam('productId') }),
  reply: z.object({ menu: z.array(wire.id) }),
  summary: 'production grant dialog: the menu ids a product bundles',
})

export const productionGrantCall = defineCall({
  path: 'blade-system/production/grant',
  method: 'POST',
  permission: ADMINISTRATOR,
  in: 'body',
  params: ProductionGrantSchema,
  reply: doneReply,
  summary: 'production: set the menus of a product (replaces the old set; tenants holding it follow)',
})

export const proxyTenantSelectCall = defineCall({
  path: 'blade-system/proxyTenant/select',
  method: 'GET',
  permission: ADMINISTRATOR,
  reply: z.array(NamedRow),
  summary: 'proxyTenant: id and name of every agent',
})

export const proxyTenantProductKeysCall = defineCall({
  path: 'blade-system/proxyTenant/product-keys',
  method: 'GET',
  permission: ADMINISTRATOR,
  params: z.object({ proxyId: idParam('proxyId') }),
  reply: z.array(wire.id),
  summary: 'proxyTenant grant dialog: the product ids an agent may sell',
})

export const proxyTenantGrantCall = defineCall({
  path: 'blade-system/proxyTenant/grant',
  method: 'POST',
  permission: ADMINISTRATOR,
  in: 'body',
  params: ProxyTenantGrantSchema,
  reply: doneReply,
  summary: 'proxyTenant: set the products an agent may sell (replaces the old set)',
})

export const proxyTenantFaceCall = defineCall({
  path: 'blade-system/proxyTenant/getTenant',
  method: 'GET',
  // spec 01 §7 logo lookup: the login page asks it before anyone has signed in
  public: true,
  params: z.object({
    tenantId: z.string({ error: 'tenantId is required' }).regex(/^\d{6}$/, 'tenantId: a 6-digit tenant id'),
  }),
  reply: z.object({ tenantId: wire.text, tenantName: wire.text, logo: wire.text }),
  summary: "proxyTenant: a tenant's name and the logo to show (its own, else its agent's, else empty)",
})

export const datasourceSelectCall = defineCall({
  path: 'blade-system/datasource/select',
  method: 'GET',
  permission: ADMINISTRATOR,
  reply: z.array(NamedRow),
  summary: 'datasource: id and name of every datasource',
})

// —— blade-user: tenant switch grants (a user switches into a tenant as one named account there) ——

/** A tenant a user may switch into and the account used there. */
export const TenantGrantRow = z.object({ tenantId: wire.text, tenantName: wire.text, account: wire.text })
export type TenantGrantRow = z.infer<typeof TenantGrantRow>

/** `blade-user/tenant`: let a user switch into a tenant as one of its accounts. */
export const TenantGrantForm = z.object({
  userId: idString,
  tenantId: z.string().trim().min(1, 'please select tenant').max(12),
  account: z.string().trim().min(1, 'please enter account').max(45),
})

export const userTenantsCall = defineCall({
  path: 'blade-user/tenant',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(TenantGrantRow),
  summary: 'user: tenants I may switch into',
  tag: 'user',
})

export const userTenantGrantsCall = defineCall({
  path: 'blade-user/tenant-grants',
  method: 'GET',
  permission: ADMINISTRATOR,
  params: z.object({ userId: idString }),
  reply: z.array(TenantGrantRow),
  summary: 'user: tenant switch grants of a user',
  tag: 'user',
})

export const userTenantGrantCall = defineCall({
  path: 'blade-user/tenant',
  method: 'POST',
  permission: ADMINISTRATOR,
  in: 'body',
  params: TenantGrantForm,
  reply: doneReply,
  summary: 'user: let a user switch into a tenant as one of its accounts (platform administrator)',
  tag: 'user',
})

export const userTenantRevokeCall = defineCall({
  path: 'blade-user/tenant-remove',
  method: 'POST',
  permission: ADMINISTRATOR,
  in: 'body',
  params: TenantGrantForm.pick({ userId: true, tenantId: true }),
  reply: doneReply,
  summary: 'user: revoke a tenant switch grant (platform administrator)',
  tag: 'user',
})
