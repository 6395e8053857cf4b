import {
  DeleteOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import { Button, Space } from 'antd'
import type { ReactNode } from 'react'
import { useTr } from './i18n'

/** Buttons above the table: left the actions, right the table tools (refresh, filter, columns). */
export function CrudToolbar({
  onAdd,
  onAddRow,
  onBulkDelete,
  onExport,
  exporting,
  onImport,
  onRefresh,
  extra,
  tools,
  testId,
}: {
  onAdd?: () => void
  onAddRow?: () => void
  onBulkDelete?: () => void
  onExport?: () => void
  /** a server export is downloading */
  exporting?: boolean
  onImport?: () => void
  onRefresh: () => void
  extra?: ReactNode
  tools: ReactNode
  testId: (slot: 'add' | 'bulkDelete' | 'export' | 'import') => string
}) {
  const tr = useTr()
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8 }}>
      <Space wrap>
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={testId('add')}>
            {tr('common.add')}
          </Button>
        )}
        {onAddRow && (
          <Button icon={<PlusOutlined />} onClick={onAddRow} data-testid="crud-add-row">
            {tr('crud.addRow')}
          </Button>
        )}
        {onBulkDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={onBulkDelete} data-testid={testId('bulkDelete')}>
            {tr('common.delete')}
          </Button>
        )}
        {onExport && (
          <Button
            icon={<ExportOutlined />}
            onClick={onExport}
            loading={exporting}
            data-testid={testId('export')}
          >
            {tr('crud.export')}
          </Button>
        )}
        {onImport && (
          <Button icon={<ImportOutlined />} onClick={onImport} data-testid={testId('import')}>
            {tr('crud.import')}
          </Button>
        )}
        {extra}
      </Space>
      <Space>
        <Button
          icon={<ReloadOutlined />}
          aria-label={tr('crud.refresh')}
          onClick={onRefresh}
          data-testid="crud-refresh"
        />
        {tools}
      </Space>
    </div>
  )
}
