import type { CallContract } from '@xpark/contract/calls'
import type { CrudColumn, CrudResource } from '@/components/crud'

/**
 * A read-only list of a storage query (stock, summary, overdue, records): no dialog, no row
 * actions; its xlsx export (button `storage_stock_export`) sends the same filters.
 */
export function queryScreen<T extends object>(options: {
  title: string
  /** the declared paged query (`@xpark/contract/modules/storage`) */
  page: CallContract
  /** its declared xlsx export */
  exportCall?: CallContract
  rowKey: Extract<keyof T, string>
  columns: CrudColumn<T>[]
}): CrudResource<T> {
  // `park-storage` / `storage/queryStorage`: the module's base and the query under it
  const [base = '', ...rest] = options.page.path.split('/')
  const page = rest.join('/')
  return {
    path: base,
    pagePath: page,
    permissionPrefix: 'storage_stock',
    queryCode: `storage-query-${page}`,
    shows: ['storage_bill', 'storage_goods', 'storage_inventory', 'storage_init'],
    title: options.title,
    rowKey: options.rowKey,
    actions: { view: false, edit: false, copy: false, delete: false, add: false, bulkDelete: false },
    ...(options.exportCall ? { excel: { exportUrl: options.exportCall.path } } : {}),
    columns: options.columns.map((c) => ({ ...c, form: false as const })),
  }
}
