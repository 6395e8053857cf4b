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
  /** dictionary code: cells render through the registered dictionary renderer (see `renderers.ts`) */
  dict?: string
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

/** One declaration drives search form, table, dialog form and detail. */
export interface CrudResource<T extends object> {
  /** API base, e.g. `blade-system/param` (page, detail, submit, remove under it) */
  path: string
  /** paged list endpoint under `path` (default `page`) */
  pagePath?: string
  /** the body about to be submitted (after validation): drop or map fields */
  beforeSubmit?: (values: Record<string, unknown>, mode: FormMode) => Record<string, unknown>
  /** after every successful write (dialog save, cell save, delete), e.g. to drop cached lookups */
  onWritten?: () => void
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
  /** field the date-range search filters (default `createTime`) */
  dateField?: string
  tree?: CrudTree<T>
  /** per-row check: false hides that action for the row */
  rowCheck?: (row: T, action: RowAction) => boolean
  /** turn actions off (all on by default, each still needs its permission) */
  actions?: Partial<Record<RowAction | 'add' | 'bulkDelete', boolean>>
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
  /** how many buttons `rowExtra` shows at most (default 1): the action column is sized for them */
  rowExtraCount?: number
  /** virtual scrolling (default: on for pages of 100 rows and more) */
  virtual?: boolean
  testIds?: Partial<Record<TestIdSlot, string>>
}

/** Typed identity: `defineCrud<Param>({...})` checks the props against the row type. */
export function defineCrud<T extends object>(resource: CrudResource<T>): CrudResource<T> {
  return resource
}
