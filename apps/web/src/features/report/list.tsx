import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  REPORT_PERMISSIONS,
  reportListCall,
  reportRemoveCall,
  type SavedReportRow,
} from '@xpark/contract/modules/report'
import { App, Button, Card, Input, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/** Where 打开 goes: the report's screen with its id (the screen restores the saved view). */
export const openPath = (r: Pick<SavedReportRow, 'id' | 'path'>) =>
  `${r.path}${r.path.includes('?') ? '&' : '?'}report=${encodeURIComponent(r.id)}`

/**
 * 报表管理: the saved reports one owns or that are shared with one's roles. 打开 re-runs the screen
 * under the opener's own data scope; 删除 by the owner or a holder of report_delete.
 */
export default function ReportListPage() {
  const tr = useTr()
  const { modal, message } = App.useApp()
  const navigate = useNavigate()
  const client = useQueryClient()
  const can = useSession((s) => s.permission)
  const [name, setName] = useState('')
  const [search, setSearch] = useState('')
  const [paging, setPaging] = useState({ current: 1, size: 20 })
  const list = useQuery({
    queryKey: ['report', 'list', search, paging],
    queryFn: () =>
      callApi(reportListCall, {
        ...(search ? { name: search } : {}),
        current: String(paging.current),
        size: String(paging.size),
      }),
    placeholderData: keepPreviousData,
  })
  const remove = useMutation({
    mutationFn: (id: string) => callApi(reportRemoveCall, { ids: id }),
    onSuccess: () => {
      void message.success(tr('crud.deleteSuccess'))
      void client.invalidateQueries({ queryKey: ['report', 'list'] })
    },
  })
  const mayRemove = (r: SavedReportRow) => r.mine || Boolean(can[REPORT_PERMISSIONS.delete])
  const columns: ColumnsType<SavedReportRow> = [
    { title: tr('report.reportName'), dataIndex: 'name' },
    { title: tr('report.screen'), dataIndex: 'path' },
    { title: tr('report.owner'), dataIndex: 'ownerName' },
    { title: tr('report.createTime'), dataIndex: 'createTime', width: 170 },
    {
      title: '',
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(openPath(r))}
            data-testid={`report-open-${r.id}`}
          >
            {tr('report.open')}
          </Button>
          {mayRemove(r) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({ title: tr('report.removeConfirm'), onOk: () => remove.mutateAsync(r.id) })
              }
              data-testid={`report-remove-${r.id}`}
            >
              {tr('report.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ]
  return (
    <Card title={tr('report.list')} data-testid="report-list">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Input
            allowClear
            placeholder={tr('report.reportName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => {
              setSearch(name.trim())
              setPaging((p) => ({ ...p, current: 1 }))
            }}
            data-testid="report-list-name"
          />
          <Button
            type="primary"
            onClick={() => {
              setSearch(name.trim())
              setPaging((p) => ({ ...p, current: 1 }))
            }}
          >
            {tr('report.search')}
          </Button>
        </Space>
        <Table<SavedReportRow>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={columns}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </Space>
    </Card>
  )
}
