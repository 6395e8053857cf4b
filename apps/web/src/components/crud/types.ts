import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query'
import type { CallContract } from '@xpark/contract/calls'
import type { FormItemProps, FormRule, TableProps } from 'antd'
import type { ReactNode } from 'react'

/** Row actions of the generic table (spec 01 §2) and the permission suffix each one needs. */
export type RowAction = 'view' | 'edit' | 'copy' | 'delete'
/** What the dialog form is doing: copy is an add prefilled from a row, without its id. */
export type FormMode = 'add' | 'edit' | 'copy' | 'view'

/** Filter operators of the spec (01 §5): =, not equal, like, >, >=, <, <=, in. */
export type Operator = 'eq' | 'ne' | 'like' | 'gt' | 'ge' | 'lt' | 'le' | 'in'

export type SearchType = 'input' | 'select' | 'number' | 'dateRange'
export type FieldType = 'input' | 'textarea' | 'password' | 'select' | 'number' | 'switch' | 'date' | 'hidden'

export interface CrudOption {
  /** i18n key or text */
  label: string
  value: string | number | boolean
}

/**
 * Anything with zod's `safeParse` (a zod 4 object schema fits): messages are i18n keys or texts. Kept
 * structural so the table does not pull zod into chunks that do not validate with it.
 */
export interface SchemaLike {
  safeParse(value: unknown): {
    success: boolean
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
  }
}

export interface CrudFormField {
  type?: FieldType
  /** antd rules; string messages are translated */
  rules?: FormRule[]
  /** grid span out of 24 (default 24) */
  span?: number
  /** read-only when editing an existing row (keys, codes) */
  disabledOnEdit?: boolean
  /** extra props for the input */
  props?: Record<string, unknown>
  /** extra Form.Item props (hint `extra`, `getValueProps` / `normalize` to map the value) */
  itemProps?: Partial<FormItemProps>
  /** a custom input (Form.Item passes it `value` / `onChange`), e.g. a tree select or a DictSelect */
  render?: (ctx: { testId?: string; disabled?: boolean; mode?: FormMode }) => ReactNode
  /** only in these dialog modes (e.g. a password only when adding) */
  modes?: FormMode[]
  /** shown only while this holds for the form's current values (e.g. a menu's path, not a button's) */
  visible?: (values: Record<string, unknown>) => boolean
}

export interface CrudColumn<T> {
  prop: Extract<keyof T, string>
  /** i18n key or text */
  label: string
  width?: number
  sortable?: boolean
  /** only in the form/detail, never a table column */
  hideInTable?: boolean
  /** a table column hidden until the user shows it in the column settings */
  hidden?: boolean
  /** cut long text with an ellipsis (no tooltip: tooltips per cell are slow on long pages) */
  ellipsis?: boolean
  /** select options for search, form and cell rendering */
  options?: CrudOption[]
  /**
   * dictionary code: the cell shows its label, the search form and the dialog form pick from it
   * (through the registered dictionary renderer and input, see `renderers.tsx`)
   */
  dict?: string
  /** money in integer cents: shown and typed as yuan with two decimals, sent as cents */
  money?: boolean
  /** the field picks a node of a tree resource (its `tree` route), e.g. a parent or a type */
  treeOf?: TreeSource
  /**
   * the cell shows a label looked up in one query's answer (names of depts, roles, types…): the table
   * asks once for all its rows, where a component per cell would hold a query observer per row
   */
  lookup?: CrudLookup
  render?: (value: T[keyof T], row: T) => ReactNode
  /** shown in the search form */
  search?: SearchType
  /** sends `prop_<suffix>` instead of the bare `prop=` (which uses the server's operator) */
  searchOperator?: Operator
  /** in the form dialog (default: a text input); `false` keeps it out of the form */
  form?: CrudFormField | false
  /** editable in cell-edit mode (needs `cellEdit` on the resource) */
  editable?: boolean
  /** offered in the filter drawer (default true for table columns) */
  filterable?: boolean
  /** test ids kept from hand-written screens */
  testId?: { search?: string; form?: string }
}

/** A tree resource to pick from: its `tree` call (TreeNodes) and its code (for the query cache). */
export interface TreeSource {
  /** URL under the API base answering TreeNodes */
  url: string
  code: string
  /** offer the root (`0`, 顶级) as a choice: a parent field */
  root?: boolean
  /** only leaves may be picked (the listings under their types) */
  leavesOnly?: boolean
}

/** An option of a line's dependent select, with the row it came from (what `fill` copies). */
export interface LineOption {
  value: string
  label: string
  row: Readonly<Record<string, unknown>>
}

/**
 * Options of a line cell that depend on another cell of the same line (a goods' units, once its goods
 * is picked): fetched for the value of `on`, cached under `code` (its writes refresh them). Until `on`
 * has a value the select is disabled; changing `on` clears the cell and what it filled.
 */
export interface LineOptions {
  /** the line field the options follow */
  on: string
  /** the options' call under the API base: answers rows or a page of rows (`records`) */
  url: string
  /** the call's parameters for a value of `on` (`{ goodsId, size: 100 }`) */
  params: (value: string) => Readonly<Record<string, string | number>>
  /** the resource the options are rows of (query cache) */
  code: string
  /** the row fields giving an option's value and label */
  value: string
  label: string
  /** an option offered before the fetched ones, from the line (the base unit); an empty cell shows it */
  first?: (line: Readonly<Record<string, unknown>>) => LineOption | undefined
}

/** One column of a bill's lines table. */
export interface BillLineColumn {
  prop: string
  /** i18n key or text */
  label: string
  width?: number
  /** how the cell is edited: a number, money (cents as yuan), text, a tree pick; `read` shows only */
  input?: 'number' | 'decimal' | 'money' | 'text' | 'read'
  /** a tree pick (goods, commodities) */
  treeOf?: TreeSource
  /** a select whose options depend on another cell of the line (see `LineOptions`) */
  dependent?: LineOptions
  /** when a node (or a dependent option's row) is picked, copy its fields into the line: line field → node field */
  fill?: Readonly<Record<string, string>>
  /** a derived value shown in the cell (an amount), from the line as typed */
  compute?: (line: Record<string, unknown>) => unknown
  /** money (cents) shown as yuan */
  money?: boolean
  min?: number
  max?: number
}

/** A header + lines resource: the add/edit dialog becomes a bill (header form, lines table, totals). */
export interface CrudBill {
  /** the lines field of the submit body and of the detail (`items`) */
  field: string
  columns: BillLineColumn[]
  /** checks each line (the contract's line form) */
  lineSchema?: SchemaLike
  /** totals under the lines: the sum of a line field (or of a computed column) */
  totals?: { prop: string; label: string; money?: boolean }[]
  /** the values a new line starts with */
  newLine?: () => Record<string, unknown>
}

/** Server URLs (under the API base) of a resource's Excel export and import. */
export interface CrudExcel {
  exportUrl?: string
  importUrl?: string
  templateUrl?: string
}

/** Test-id slots a declaration may rename (defaults: `crud-page`, `crud-add`, …). */
export type TestIdSlot =
  | 'page'
  | 'table'
  | 'add'
  | 'bulkDelete'
  | 'export'
  | 'import'
  | 'searchSubmit'
  | 'searchReset'
  | 'formSubmit'
  | 'columns'
  | 'filter'

export interface CrudTree<T> {
  /** list endpoint answering the whole tree or one level (default `list`; no paging) */
  listPath?: string
  /** children field (default `children`) */
  childrenProp?: string
  /** lazy trees: does this row have children to load? (default: `row.hasChildren`) */
  hasChildren?: (row: T) => boolean
  /** lazy trees: load one level under a row */
  loadChildren?: (row: T) => Promise<T[]>
}

export interface CrudToolbarContext<T> {
  selected: T[]
  refresh: () => void
}

export interface CrudRowContext {
  refresh: () => void
  /** open the add dialog prefilled with these values (e.g. a child row under this one) */
  openAdd: (values: Record<string, unknown>) => void
}

/** Where the single-row calls of a resource are, when not `<path>/detail|submit|remove` (URLs under the API base). */
export interface CrudRoutes {
  detail?: string
  /** the detail call's id parameter (default `id`) */
  detailParam?: string
  submit?: string
  /** insert and update calls of a resource without `submit` (`saveGoods` / `updateGoods`) */
  save?: string
  update?: string
  remove?: string
  /** the remove call's ids parameter (default `ids`) */
  removeParam?: string
}

/** One declaration drives search form, table, dialog form and detail. */
export interface CrudResource<T extends object> {
  /** API base, a contract's `path` (page, detail, submit, remove under it) */
  path: string
  /** paged list endpoint under `path` (default `page`) */
  pagePath?: string
  /** single-row calls elsewhere than under `path` (a contract's route names) */
  routes?: CrudRoutes
  /**
   * the resource's code for the query cache (default `path`): every write invalidates every list of
   * it, and every list that `shows` it
   */
  queryCode?: string
  /** codes of other resources whose writes change what this list shows (their names as labels) */
  shows?: readonly string[]
  /** the body about to be submitted (after validation): drop or map fields */
  beforeSubmit?: (values: Record<string, unknown>, mode: FormMode) => Record<string, unknown>
  /** after every successful write (dialog save, cell save, delete), e.g. to drop cached lookups */
  onWritten?: (queryClient: QueryClient) => void
  /** antd `onRow` (row click, class) */
  onRow?: TableProps<T>['onRow']
  /** permission code prefix: `<prefix>_add`, `_edit`, `_delete`, `_view` */
  permissionPrefix: string
  rowKey?: Extract<keyof T, string>
  columns: CrudColumn<T>[]
  /** client-side validation of the dialog form and edited cells (messages under the fields) */
  formSchema?: SchemaLike
  /** i18n key or text naming one row, for dialog titles (`新增{{title}}`) */
  title?: string
  /** i18n keys (or texts) per dialog mode, overriding the built titles */
  dialogTitle?: Partial<Record<FormMode, string>>
  dialogWidth?: number
  /** `long`: the second size list of the spec (10, 30, 50, 100, 200) */
  pageSizes?: 'default' | 'long'
  pageSize?: number
  /** header + lines: the dialog edits a bill */
  bill?: CrudBill
  /** field the date-range search filters (default `createTime`) */
  dateField?: string
  tree?: CrudTree<T>
  /** per-row check: false hides that action for the row */
  rowCheck?: (row: T, action: RowAction) => boolean
  /** turn actions off (all on by default, each still needs its permission) */
  actions?: Partial<Record<RowAction | 'add' | 'bulkDelete', boolean>>
  /**
   * actions needing no button: their calls are any signed-in user's (`SIGNED_IN`) and the server
   * decides per row (a leave request of one's own)
   */
  signedIn?: readonly (RowAction | 'add')[]
  /** cell editing: rows switch to inputs (edit → save/cancel), `crud-add-row` adds an unsaved row */
  cellEdit?: boolean
  exportable?: boolean
  onExport?: (rows: T[]) => void | Promise<void>
  /**
   * Excel through the server (spec 02 §9): 导出 POSTs `{ids: <ticked ids>}` to `exportUrl` and saves the file (button
   * `<prefix>_export`); 导入 opens the import dialog posting to `importUrl` with `isCovered=1`, its
   * template from `templateUrl` (button `<prefix>_import`).
   */
  excel?: CrudExcel
  toolbarExtra?: (ctx: CrudToolbarContext<T>) => ReactNode
  /** extra buttons in a row's action column (after view, edit, copy, delete) */
  rowExtra?: (row: T, ctx: CrudRowContext) => ReactNode
  /** view, edit, copy and delete as icons (named on hover), leaving room for the row's own actions */
  compactActions?: boolean
  /** how many buttons `rowExtra` shows at most (default 1): the action column is sized for them */
  rowExtraCount?: number
  /** only the rows in view drawn (CrudPage's windowed body; default: on, but for trees) */
  virtual?: boolean
  testIds?: Partial<Record<TestIdSlot, string>>
  /** a live list's stream (contract `live`): a change reloads the list (useLiveList) */
  live?: CallContract
}

/** A cell label read from one query's data: see `CrudColumn.lookup` and `defineLookup`. */
export interface CrudLookup {
  query: () => UseQueryOptions
  label: (data: unknown, value: unknown) => ReactNode
}

/** A lookup typed by its query's data (`queryOptions(…)`); `data` is undefined until the answer comes. */
export function defineLookup<D, K extends QueryKey>(
  query: () => UseQueryOptions<D, Error, D, K>,
  label: (data: D | undefined, value: unknown) => ReactNode,
): CrudLookup {
  // the table only hands each lookup its own query's data back, so the types meet again in `label`
  return { query, label } as unknown as CrudLookup
}
