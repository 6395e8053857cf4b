import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Space, Table, type TableProps } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { website } from '@/config'
import { usePermission } from '@/stores/session'
import { type Param, type ParamFilter, paramKeys, paramPageQuery, paramRemove } from './api'
import { ParamFormDialog } from './ParamFormDialog'
import { ParamSearch } from './ParamSearch'

/** System parameters (spec 01 §2, §5): search, paged table, add/edit dialog, delete with confirm. */
export default function ParamPage() {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const canAdd = usePermission('param_add')
  const canEdit = usePermission('param_edit')
  const canDelete = usePermission('param_delete')

  const [filter, setFilter] = useState<ParamFilter>({})
  const [page, setPage] = useState<{ current: number; size: number }>({ current: 1, size: website.pageSize })
  const [selected, setSelected] = useState<string[]>([])
  const [dialog, setDialog] = useState<{ open: boolean; id?: string }>({ open: false })
  const { data, isFetching } = useQuery(paramPageQuery(page.current, page.size, filter))

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: paramKeys.all }), [queryClient])
  const closeDialog = useCallback(() => setDialog({ open: false }), [])

  function search(next: ParamFilter) {
    // a new search starts again from page 1
    setFilter(next)
    setPage((p) => ({ ...p, current: 1 }))
    setSelected([])
  }

  function remove(ids: string[]) {
    if (ids.length === 0) {
      void message.warning(t('common.selectOne'))
      return
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        await paramRemove(ids)
        void message.success(t('common.deleteSuccess'))
        setSelected([])
        await refresh()
      },
    })
  }

  const columns: TableProps<Param>['columns'] = [
    { title: t('param.name'), dataIndex: 'paramName', ellipsis: true },
    { title: t('param.key'), dataIndex: 'paramKey', ellipsis: true },
    { title: t('param.value'), dataIndex: 'paramValue', ellipsis: true },
  ]
  if (canEdit || canDelete) {
    columns.push({
      title: t('common.action'),
      key: 'action',
      width: 160,
      render: (_, row) => (
        <Space size={0}>
          {canEdit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, id: row.id })}
            >
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.id])}
            >
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    })
  }

  return (
    <Card data-testid="param-page">
      <ParamSearch onSearch={search} />
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true })}
            data-testid="param-add"
          >
            {t('common.add')}
          </Button>
        )}
        {canDelete && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => remove(selected)}
            data-testid="param-bulk-delete"
          >
            {t('common.delete')}
          </Button>
        )}
      </Space>
      <Table<Param>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: website.pageSizeOptions.map(String),
          showTotal: (total) => t('common.total', { total }),
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
        data-testid="param-table"
      />
      <ParamFormDialog editId={dialog.id} open={dialog.open} onClose={closeDialog} onSaved={refresh} />
    </Card>
  )
}
