import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Form, Pagination, Table } from 'antd'
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Query } from '@/api/httpCore'
import { downloadFile } from '@/api/transfer'
import { BusyArea } from '@/components/BusyArea'
import { useSession } from '@/stores/session'
import { BillDialog } from './BillDialog'
import { ColumnSettings } from './ColumnSettings'
import { CrudFormDialog, useCrudDialog } from './CrudFormDialog'
import { CrudSearch } from './CrudSearch'
import { CrudToolbar } from './CrudToolbar'
import { useColumnPrefs } from './columnPrefs'
import { FilterDrawer } from './FilterDrawer'
import { ImportDialog } from './ImportDialog'
import { useTr } from './i18n'
import { PAGE_SIZES } from './query'
import type { CrudResource, RowAction, TestIdSlot } from './types'
import { useCellEdit } from './useCellEdit'
import { useCrudColumns } from './useCrudColumns'
import { useCrudList } from './useCrudList'
import { useCrudRemove } from './useCrudRemove'
import { useLiveList } from './useLiveList'
import { useSavedView } from './useSavedView'
import { useTableParts } from './useTableParts'
import { useTreeRows } from './useTreeRows'

const defaultIds: Record<TestIdSlot, string> = {
  page: 'crud-page',
  table: 'crud-table',
  add: 'crud-add',
  bulkDelete: 'crud-bulk-delete',
  export: 'crud-export',
  import: 'crud-import',
  searchSubmit: 'crud-search-submit',
  searchReset: 'crud-search-reset',
  formSubmit: 'crud-form-submit',
  columns: 'crud-columns',
  filter: 'crud-filter',
}
const NO_ROWS: never[] = []

/** permission suffix per action: copy is an add */
const actionCode: Record<RowAction | 'add', string> = {
  view: 'view',
  edit: 'edit',
  copy: 'add',
  delete: 'delete',
  add: 'add',
}

/**
 * The generic data table (spec 01 §2, §5, §9): one declaration drives the search form, the table,
 * the dialog form and the detail. Page, filters, selection and scroll are component state, so a
 * keep-alive tab keeps them.
 */
export function CrudPage<T extends object>({
  resource,
  params,
  formDefaults,
}: {
  resource: CrudResource<T>
  /** extra list query parameters, e.g. the node chosen in a tree beside the table (`deptId`) */
  params?: Query
  /** values the add dialog starts with (e.g. that node) */
  formDefaults?: Record<string, unknown>
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const permission = useSession((s) => s.permission)
  const testId = useCallback((slot: TestIdSlot) => resource.testIds?.[slot] ?? defaultIds[slot], [resource])
  const rowKey = (resource.rowKey ?? 'id') as keyof T & string

  const can = useCallback(
    (a: RowAction | 'add' | 'bulkDelete') =>
      resource.actions?.[a] !== false &&
      ((a !== 'bulkDelete' && resource.signedIn?.includes(a) === true) ||
        permission[`${resource.permissionPrefix}_${a === 'bulkDelete' ? 'delete' : actionCode[a]}`] === true),
    [resource, permission],
  )
  const allowed = useMemo(
    () => ({ view: can('view'), edit: can('edit'), copy: can('copy'), delete: can('delete') }),
    [can],
  )

  const list = useCrudList(resource, params)
  const { page, query, selection, setSelection, clearSelection } = list
  const tree = useTreeRows(resource, query.data?.records ?? NO_ROWS)
  const { refresh: refreshList } = list
  const refresh = useCallback(() => {
    tree.reset()
    refreshList()
  }, [tree.reset, refreshList])
  const queryClient = useQueryClient()
  useLiveList(resource.live, resource.queryCode ?? resource.path)
  const written = useCallback(() => {
    refresh()
    resource.onWritten?.(queryClient)
  }, [refresh, resource, queryClient])
  const dialog = useCrudDialog(resource, written)
  const cell = useCellEdit(resource, written)
  const rowContext = useMemo(
    () => ({ refresh, openAdd: (values: Record<string, unknown>) => dialog.open('add', undefined, values) }),
    [refresh, dialog.open],
  )

  const tableColumns = useMemo(
    () =>
      resource.columns.filter((c) => !c.hideInTable).map((c) => ({ prop: c.prop as string, label: c.label })),
    [resource.columns],
  )
  const props = useMemo(() => tableColumns.map((c) => c.prop), [tableColumns])
  const hiddenByDefault = useMemo(
    () => resource.columns.filter((c) => c.hidden).map((c) => c.prop as string),
    [resource.columns],
  )
  const prefs = useColumnPrefs(resource.path, props, hiddenByDefault)
  // an opened report shows its columns, in its order, without changing the user's own settings
  const view = useSavedView(list, props, prefs)
  const { order, hidden } = view
  const filterable = useMemo(
    () => tableColumns.filter((c) => resource.columns.find((d) => d.prop === c.prop)?.filterable !== false),
    [tableColumns, resource.columns],
  )

  const remove = useCrudRemove(resource, setSelection, written)

  const onAction = useCallback(
    (action: RowAction, row: T) => {
      if (action === 'delete') remove([row])
      else if (action === 'edit' && resource.cellEdit) cell.start(row)
      else dialog.open(action, row)
    },
    [remove, resource.cellEdit, cell.start, dialog.open],
  )
  const columns = useCrudColumns({
    resource,
    rowContext,
    order,
    hidden,
    allowed,
    sort: list.sort,
    onAction,
    cell: resource.cellEdit ? cell : undefined,
  })

  const excel = resource.excel
  const mayExcel = (code: 'export' | 'import') => permission[`${resource.permissionPrefix}_${code}`] === true
  const serverExport = Boolean(excel?.exportUrl) && mayExcel('export')
  const serverImport = Boolean(excel?.importUrl) && mayExcel('import')
  const [exporting, setExporting] = useState(false)
  const [importing, setImporting] = useState(false)
  const exportRows = useCallback(() => {
    // spec 02 §2: export with nothing ticked warns
    if (selection.rows.length === 0) return void message.warning(tr('please tick the data to export'))
    if (serverExport && excel?.exportUrl) {
      setExporting(true)
      // POST: a long selection does not fit a request line
      void downloadFile(excel.exportUrl, undefined, 'export.xlsx', { ids: selection.keys.join(',') })
        // the helper has shown the server's message
        .catch(() => undefined)
        .finally(() => setExporting(false))
      return
    }
    void resource.onExport?.(selection.rows)
  }, [selection, message, tr, serverExport, excel, resource])

  // inner scroll (virtual pages) comes back when a hidden keep-alive tab shows again: layout effects
  // re-run on <Activity> becoming visible
  const scrollTop = useRef(0)
  const tableRef = useRef<{ scrollTo: (o: { top: number }) => void }>(null)
  useLayoutEffect(() => {
    if (scrollTop.current > 0) tableRef.current?.scrollTo({ top: scrollTop.current })
  }, [])

  const rows = useMemo(
    () => (cell.newRows.length ? [...cell.newRows, ...tree.rows] : tree.rows),
    [cell.newRows, tree.rows],
  )
  const { windowed, filled, scroll, onChange, rowSelection, components, expandable } = useTableParts({
    resource,
    columns,
    rows,
    rowKey,
    selection,
    setSelection,
    setSort: list.setSort,
    tree,
  })

  // Everything around the table is built once and kept while only the list changes: a new page of
  // rows re-renders the table and the pager, not the search form, the toolbar or the dialogs (issue 13).
  const search = useMemo(
    () => (
      <CrudSearch
        columns={resource.columns.filter((c) => c.search)}
        onSearch={list.setSearch}
        values={view.searchValues}
        submitTestId={testId('searchSubmit')}
        resetTestId={testId('searchReset')}
      />
    ),
    [resource.columns, list.setSearch, view.searchValues, testId],
  )
  const openAdd = useCallback(() => dialog.open('add', undefined, formDefaults), [dialog.open, formDefaults])
  const bulkDelete = useCallback(() => remove(selection.rows), [remove, selection.rows])
  const openImport = useCallback(() => setImporting(true), [])
  const toolbar = useMemo(
    () => (
      <CrudToolbar
        onAdd={can('add') ? openAdd : undefined}
        onAddRow={resource.cellEdit && can('add') ? cell.addRow : undefined}
        onBulkDelete={can('bulkDelete') ? bulkDelete : undefined}
        onExport={resource.exportable || serverExport ? exportRows : undefined}
        exporting={exporting}
        onImport={serverImport ? openImport : undefined}
        onRefresh={refresh}
        extra={resource.toolbarExtra?.({ selected: selection.rows, refresh })}
        testId={testId}
        tools={
          <>
            <FilterDrawer
              columns={filterable}
              applied={list.conditions}
              onApply={list.setConditions}
              testId={testId('filter')}
            />
            {view.saveTool}
            <ColumnSettings
              columns={tableColumns}
              order={prefs.order}
              hidden={prefs.hidden}
              onChange={prefs.save}
              testId={testId('columns')}
            />
          </>
        }
      />
    ),
    [
      can,
      openAdd,
      resource,
      cell.addRow,
      bulkDelete,
      serverExport,
      exportRows,
      exporting,
      serverImport,
      openImport,
      refresh,
      selection.rows,
      testId,
      filterable,
      list.conditions,
      list.setConditions,
      tableColumns,
      prefs.order,
      prefs.hidden,
      prefs.save,
      view.saveTool,
    ],
  )
  const billFooter = useCallback(
    (row: T, close: () => void) =>
      resource.rowExtra?.(row, {
        ...rowContext,
        refresh: () => {
          close()
          written()
        },
      }),
    [resource, rowContext, written],
  )
  const dialogs = useMemo(
    () => (
      <>
        {resource.bill ? (
          <BillDialog dialog={dialog} footerExtra={billFooter} />
        ) : (
          <CrudFormDialog dialog={dialog} />
        )}
        {serverImport && excel?.importUrl && (
          <ImportDialog
            open={importing}
            importUrl={excel.importUrl}
            templateUrl={excel.templateUrl}
            onClose={() => setImporting(false)}
            onImported={written}
          />
        )}
      </>
    ),
    [resource.bill, dialog, billFooter, serverImport, excel, importing, written],
  )
  const total = query.data?.total ?? 0
  const { changePage } = list
  // the table is kept while its inputs are the same: a page or size change re-renders the pager and the
  // busy veil at the click, and the table only when the new rows arrive
  const tableTestId = resource.testIds?.table
  const table = useMemo(
    () => (
      <Table<T>
        ref={tableRef as never}
        rowKey={rowKey}
        size="middle"
        columns={filled.columns}
        dataSource={rows}
        scroll={scroll}
        onChange={onChange}
        onRow={resource.onRow}
        components={components}
        expandable={expandable}
        rowSelection={rowSelection}
        // paging is ours (below): antd would slice an unsaved new row off a full page
        pagination={false}
        data-testid={tableTestId}
      />
    ),
    [
      rowKey,
      filled.columns,
      rows,
      scroll,
      onChange,
      resource.onRow,
      components,
      expandable,
      rowSelection,
      tableTestId,
    ],
  )
  const pager = useMemo(
    () =>
      resource.tree ? null : (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page.current}
          pageSize={page.size}
          total={total}
          pageSizeOptions={PAGE_SIZES[resource.pageSizes ?? 'default'].map(String)}
          showSizeChanger
          showQuickJumper
          // 7 pager items at most (spec 01 §9: pager count 7)
          showLessItems
          showTotal={(n) => tr('common.total', { total: n })}
          onChange={(current, size) => {
            changePage(current, size)
            if (size !== page.size) clearSelection()
          }}
          data-testid="crud-pagination"
        />
      ),
    [resource.tree, resource.pageSizes, page, total, tr, changePage, clearSelection],
  )

  return (
    <Card data-testid={testId('page')}>
      {search}
      {toolbar}
      {query.isError && !query.data && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={query.error instanceof Error ? query.error.message : tr('unknown error')}
          action={
            <Button size="small" onClick={() => void query.refetch()} data-testid="crud-retry">
              {tr('crud.retry')}
            </Button>
          }
          data-testid="crud-error"
        />
      )}
      <Form form={cell.form} component={false}>
        <BusyArea
          busy={query.isFetching}
          role={windowed ? 'table' : undefined}
          aria-rowcount={windowed ? rows.length + 1 : undefined}
          data-testid="crud-table"
          onScrollCapture={(e) => {
            // portalled dropdowns bubble here too: only the table's own scrolling counts
            const target = e.target as HTMLElement
            if (e.currentTarget.contains(target)) scrollTop.current = target.scrollTop
          }}
        >
          {table}
        </BusyArea>
      </Form>
      {pager}
      {dialogs}
    </Card>
  )
}
