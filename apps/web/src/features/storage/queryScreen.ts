import type { CrudColumn, CrudResource } from '@/components/crud'

/**
 * A read-only list of a storage query (stock, summary, overdue, records): no dialog, no row
 * actions; its xlsx export (button `storage_stock_export`) sends the same filters.
 */
export function queryScreen<T extends object>(options: {
  title: string
  page: string
  exportUrl?: string
  rowKey: Extract<keyof T, string>
  columns: CrudColumn<T>[]
}): CrudResource<T> {
  return {
    path: 'park-storage',
    pagePath: options.page,
    permissionPrefix: 'storage_stock',
    queryCode: `storage-query-${options.page}`,
    shows: ['storage_bill', 'storage_goods', 'storage_inventory', 'storage_init'],
    title: options.title,
    rowKey: options.rowKey,
    actions: { view: false, edit: false, copy: false, delete: false, add: false, bulkDelete: false },
    ...(options.exportUrl ? { excel: { exportUrl: options.exportUrl } } : {}),
    columns: options.columns.map((c) => ({ ...c, form: false as const })),
  }
}
