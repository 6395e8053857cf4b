import { z } from 'zod'
import { code, optionalText, parentId, requiredText, sort, wire } from './fields.js'
import {
  type ActionContract,
  type CrudVerb,
  defineContract,
  type ResourceContract,
  type RouteName,
} from './kit.js'

/**
 * Shapes several modules share, declared once. The coded tree-category (商品类型, 资产类型, 物品分类,
 * 供应商分类): a tree of categories with a code unique in the tenant, a name, a sort and a remark,
 * read as a tree with each node's parent's name. The server's side is `codedTreeResource`
 * (core/crud/presets.ts: the unique code, the parent's name, the table's `codedTreeColumns`), the
 * console's `codedTreeScreen` (components/crud).
 */

/** The row of a coded tree-category, on the wire. */
export const codedTreeRow = {
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  name: wire.text,
  sort: wire.number,
  remark: wire.text,
  parentName: wire.optionalText,
  createTime: wire.date,
}

export interface CodedTreeInput<F extends z.ZodRawShape, R extends z.ZodRawShape> {
  path: string
  code: string
  /** what a node is, in the form's messages (`please enter <noun> code`) */
  noun: string
  /** fields beyond code, name, sort and remark (an asset type's service life) */
  form?: F
  /** their row fields, and any other (a listing type's status) */
  row?: R
  /** further whitelisted filters (`status`) */
  filters?: Readonly<Record<string, 'eq' | 'like'>>
  routes?: Partial<Record<CrudVerb, RouteName | false>>
  actions?: Readonly<Record<string, ActionContract>>
}

/** A coded tree-category's contract: the shared fields, filters, sorts and tree, plus what is its own. */
// biome-ignore lint/complexity/noBannedTypes: an empty shape is the default for "nothing of its own"
export function codedTreeContract<F extends z.ZodRawShape = {}, R extends z.ZodRawShape = {}>(
  input: CodedTreeInput<F, R>,
) {
  const form = z.object({
    parentId,
    code: code(`please enter ${input.noun} code`),
    name: requiredText(`please enter ${input.noun} name`, 64),
    sort,
    remark: optionalText('remark', 255),
    // `?? {} as F`: spreading the optional `F | undefined` would type the shape as the base alone
    ...(input.form ?? ({} as F)),
  } as const)
  const row = z.object({ ...codedTreeRow, ...(input.row ?? ({} as R)) })
  return defineContract({
    path: input.path,
    code: input.code,
    form: form as z.ZodObject<typeof form.shape>,
    row: row as z.ZodObject<typeof row.shape>,
    filters: { name: 'like', code: 'like', parentId: 'eq', ...input.filters },
    sorts: ['sort', 'code', 'name', 'createTime'],
    tree: {},
    routes: { lazyList: false, ...input.routes },
    ...(input.actions ? { actions: input.actions } : {}),
  })
}

/** A contract made by `codedTreeContract`. */
export type CodedTreeContract = ResourceContract
