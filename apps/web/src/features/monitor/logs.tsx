import type { LogApiRecord, LogErrorRecord, LogUsualRecord } from '@xpark/contract/schemas'
import { logApiContract, logErrorContract, logUsualContract } from '@xpark/contract/schemas'
import { Tag } from 'antd'
import { baseColumns, logScreen, long, short } from './logFields'
import './i18n'

/**
 * The three log screens (usual, API and error logs): read-only CrudPage declarations of their contracts. The table
 * shows time, URI, method, user, IP and what the log is about; the view action opens the detail with
 * every field (long text in a scrollable <pre>). Reading needs tenant administration or `log_view`
 * on the server (`modules/log`).
 */

const usual = baseColumns<LogUsualRecord>()
export const usualLogResource = logScreen<LogUsualRecord>(logUsualContract, {
  title: 'monitor.usual',
  testIds: { page: 'log-usual-page', table: 'log-usual-table' },
  columns: [
    ...usual.head,
    { prop: 'logLevel', label: 'monitor.logLevel', width: 90, form: short },
    { prop: 'logId', label: 'monitor.logId', width: 120, ellipsis: true, form: short },
    ...usual.request,
    { prop: 'logData', label: 'monitor.logData', width: 260, ellipsis: true, form: long },
    ...usual.tail,
  ],
})

const api = baseColumns<LogApiRecord>()
export const apiLogResource = logScreen<LogApiRecord>(logApiContract, {
  title: 'monitor.api',
  testIds: { page: 'log-api-page', table: 'log-api-table' },
  columns: [
    ...api.head,
    { prop: 'title', label: 'monitor.title', width: 160, ellipsis: true, form: short },
    ...api.request,
    {
      prop: 'status',
      label: 'monitor.status',
      width: 90,
      render: (v) => <Tag color={Number(v) >= 400 ? 'error' : 'success'}>{String(v ?? '')}</Tag>,
      form: short,
    },
    {
      prop: 'type',
      label: 'monitor.result',
      width: 90,
      options: [
        { label: 'monitor.succeeded', value: '1' },
        { label: 'monitor.failed', value: '2' },
      ],
      form: short,
    },
    // not a server filter: kept out of the filter drawer
    { prop: 'time', label: 'monitor.time', width: 100, sortable: true, filterable: false, form: short },
    ...api.tail,
  ],
})

const error = baseColumns<LogErrorRecord>()
export const errorLogResource = logScreen<LogErrorRecord>(logErrorContract, {
  title: 'monitor.error',
  testIds: { page: 'log-error-page', table: 'log-error-table' },
  columns: [
    ...error.head,
    { prop: 'exceptionName', label: 'monitor.exceptionName', width: 200, ellipsis: true, form: short },
    { prop: 'message', label: 'monitor.message', width: 260, ellipsis: true, form: long },
    ...error.request,
    { prop: 'fileName', label: 'monitor.fileName', hideInTable: true, form: short },
    { prop: 'lineNumber', label: 'monitor.lineNumber', hideInTable: true, form: short },
    { prop: 'stackTrace', label: 'monitor.stackTrace', hideInTable: true, form: long },
    ...error.tail,
  ],
})
