import {
  type ContractScreen,
  type CrudColumn,
  type CrudFormField,
  type CrudOption,
  type CrudResource,
  fromContract,
} from '@/components/crud'
import './i18n'

/**
 * Pieces shared by the three log screens: they are read only, so every "form" field is a display
 * of the detail the view action loads (short values as text, long ones in a scrollable <pre>).
 */

/** A short value of the detail (Form.Item hands it `value`). */
function DetailText({ value, testId }: { value?: unknown; testId?: string }) {
  const text = value === undefined || value === null ? '' : String(value)
  return (
    <div data-testid={testId} style={{ minHeight: 22, wordBreak: 'break-all' }}>
      {text || '-'}
    </div>
  )
}

/** JSON (request parameters) is indented; anything else is shown as stored. */
function pretty(value: unknown): string {
  if (value === undefined || value === null) return ''
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const head = text.trimStart()[0]
  if (head !== '{' && head !== '[') return text
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** A long value (stack trace, parameters, log data): plain text, scrolling inside its own box. */
export function DetailPre({ value, testId }: { value?: unknown; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        maxHeight: 260,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        padding: '8px 12px',
        fontSize: 12,
        background: 'rgba(0, 0, 0, 0.04)',
        borderRadius: 6,
      }}
    >
      {pretty(value) || '-'}
    </pre>
  )
}

/** Detail field: a short value in half a row. */
export const short: CrudFormField = {
  span: 12,
  itemProps: { style: { marginBottom: 12 } },
  render: ({ testId }) => <DetailText testId={testId} />,
}

/** Detail field: a long value across the row, in a scrollable <pre>. */
export const long: CrudFormField = {
  itemProps: { style: { marginBottom: 12 } },
  render: ({ testId }) => <DetailPre testId={testId} />,
}

export const METHODS: CrudOption[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({
  label: m,
  value: m,
}))

/** The columns every log has, in the order the detail shows them; `lead` columns come first. */
export interface LogBase {
  id: string
  tenantId: string
  serviceId: string
  serverHost: string
  serverIp: string
  env: string
  method: string
  requestUri: string
  userAgent: string
  remoteIp: string
  methodClass: string
  methodName: string
  params: string
  createBy: string
  createTime: string
}

/**
 * The shared columns: time (date-range search with the spec's shortcuts, sortable), request URI and
 * method (searched), user and IP in the table; the server's fields only in the detail. Only fields
 * the server whitelists (`modules/log`) are offered in the filter drawer.
 */
export function baseColumns<T extends LogBase>(): {
  head: CrudColumn<T>[]
  request: CrudColumn<T>[]
  tail: CrudColumn<T>[]
} {
  return {
    head: [
      {
        prop: 'createTime',
        label: 'monitor.createTime',
        width: 170,
        sortable: true,
        search: 'dateRange',
        form: short,
      },
    ] as CrudColumn<T>[],
    request: [
      {
        prop: 'requestUri',
        label: 'monitor.requestUri',
        width: 240,
        ellipsis: true,
        search: 'input',
        form: short,
      },
      {
        prop: 'method',
        label: 'monitor.method',
        width: 90,
        search: 'select',
        options: METHODS,
        form: short,
      },
      { prop: 'createBy', label: 'monitor.createBy', width: 120, ellipsis: true, form: short },
      { prop: 'remoteIp', label: 'monitor.remoteIp', width: 130, form: short },
    ] as CrudColumn<T>[],
    tail: [
      { prop: 'serviceId', label: 'monitor.serviceId', hideInTable: true, form: short },
      { prop: 'env', label: 'monitor.env', hideInTable: true, form: short },
      { prop: 'serverHost', label: 'monitor.serverHost', hideInTable: true, form: short },
      { prop: 'serverIp', label: 'monitor.serverIp', hideInTable: true, form: short },
      { prop: 'methodClass', label: 'monitor.methodClass', hideInTable: true, form: short },
      { prop: 'methodName', label: 'monitor.methodName', hideInTable: true, form: short },
      { prop: 'tenantId', label: 'monitor.tenantId', hideInTable: true, form: short },
      { prop: 'id', label: 'monitor.id', hideInTable: true, form: short },
      { prop: 'userAgent', label: 'monitor.userAgent', hideInTable: true, form: long },
      { prop: 'params', label: 'monitor.params', hideInTable: true, form: long },
    ] as CrudColumn<T>[],
  }
}

/**
 * A log screen from its contract, read only: no add, edit, copy or (bulk) delete, whatever buttons
 * the user holds. Viewing asks `log_view` of the console (the server also lets a tenant's
 * administrator and the log's own view button read: `modules/log`), as before the contracts.
 */
export function logScreen<T extends object>(
  contract: Parameters<typeof fromContract>[0],
  screen: ContractScreen<T>,
): CrudResource<T> {
  return {
    ...fromContract<T>(contract, {
      actions: { add: false, edit: false, copy: false, delete: false, bulkDelete: false },
      dialogWidth: 960,
      compactActions: false,
      ...screen,
    }),
    permissionPrefix: 'log',
  }
}
