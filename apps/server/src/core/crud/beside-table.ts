import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { ResourceOptions } from './resource.js'

/**
 * A resource declared beside its table in a module's `schema.ts`: a flat resource needs nothing but
 * its contract, its table and a few rules (a unique code), so the three sit together and the module
 * registers it without naming it again (`defineModule` finds these among the module's tables). Only
 * types are imported here: drizzle-kit reads the schema files, and must not load the kit to do so.
 */

const BESIDE_TABLE = Symbol.for('xpark.resource-beside-table')

export interface ResourceBesideTable {
  readonly [BESIDE_TABLE]: true
  readonly options: ResourceOptions<z.ZodObject>
}

/** `export const commodityBrands = resourceOf(commodityBrand, commodityBrandContract, { unique })` */
export function resourceOf<S extends z.ZodObject>(
  table: PgTable,
  contract: ResourceOptions<S>['contract'],
  options: Omit<ResourceOptions<S>, 'contract' | 'table'> = {},
): ResourceBesideTable {
  return { [BESIDE_TABLE]: true, options: { ...options, contract, table } as ResourceOptions<z.ZodObject> }
}

export function isResourceBesideTable(value: unknown): value is ResourceBesideTable {
  return typeof value === 'object' && value !== null && BESIDE_TABLE in value
}
