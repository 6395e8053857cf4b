import type { ResourceContract } from '@xpark/contract/kit'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { lookup } from './expand.js'
import { defineResource, type Resource, type ResourceOptions } from './resource.js'

/**
 * The server side of the contract's presets (`@xpark/contract/presets`). A coded tree-category: its
 * code unique in the tenant (with the module's own message), each node carrying its parent's name;
 * the tree rules (parent exists, no cycle, children first) are the kit's for every tree.
 */
export function codedTreeResource<S extends z.ZodObject>(
  options: Omit<ResourceOptions<S>, 'unique' | 'schema' | 'path' | 'permissions'> & {
    contract: ResourceContract<S, z.ZodObject>
    table: PgTable
    /** the message when the code is taken (`分类编码已存在`) */
    duplicate: string
  },
): Resource<S> {
  const { duplicate, ...rest } = options
  return defineResource({
    ...rest,
    unique: [{ fields: ['code'], message: duplicate }],
    expand: { parentName: lookup(options.table, 'name', 'parentId'), ...rest.expand },
  } as ResourceOptions<S>)
}
