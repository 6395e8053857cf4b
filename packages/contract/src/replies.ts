import { z } from 'zod'
import { wire } from './fields.js'
import type { TreeNode } from './schemas/common.js'

/**
 * Reply shapes the declared calls (`calls.ts`) share: a MyBatis-Plus page, BladeX TreeNodes, an
 * import's summary, a write that answers nothing but its message.
 */

/** A MyBatis-Plus page of rows, as BladeX serialises it. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    records: z.array(row),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
    orders: z.array(z.unknown()),
    searchCount: z.boolean(),
  })
}

/** A BladeX TreeNode (ids as strings), its children nested. */
export const treeNodeReply = z.object({
  id: wire.id,
  parentId: wire.text,
  title: wire.text,
  key: wire.text,
  value: wire.text,
  hasChildren: z.boolean().optional(),
  // typed as the TreeNode it is: a screen reads the children as nodes
  get children(): z.ZodOptional<z.ZodArray<z.ZodType<TreeNode>>> {
    return z.array(treeNodeReply).optional()
  },
})

/** What an import answers: its rows, what it wrote, each bad row's messages (a bad row writes nothing). */
export const importSummaryReply = z.object({
  total: z.number(),
  imported: z.number(),
  updated: z.number(),
  errors: z.array(z.object({ row: z.number(), messages: z.array(z.string()) })),
})

/** A write that answers only its message (`R.status(true)`: data `{}`). */
export const doneReply = z.object({})

/**
 * A tree resource's rows nested by parent (BladeX `ForestNodeMerger`): each row with `hasChildren`,
 * and its children when it has any.
 */
export function forestReply<T extends z.ZodObject>(row: T) {
  const node = row.extend({
    hasChildren: z.boolean(),
    get children(): z.ZodOptional<z.ZodArray<z.ZodType>> {
      return z.array(node).optional()
    },
  })
  return node
}
