import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type DesignVersionRow,
  modelHistoryCall,
  modelMainVersionCall,
  workflowModelContract,
} from '@xpark/contract/modules/workflow-design'
import { Alert, App, Button, Card, Col, Empty, Row, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { invalidateResource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { usePageTitle } from '@/components/usePageTitle'
import { useSession } from '@/stores/session'
import { usePageRoute } from '../forms/route'
import { DiagramView } from './DiagramView'
import './i18n'

type Version = z.output<typeof DesignVersionRow>

/** 模型历史 (`/workflow/design/model/history/:id`, spec): the saved versions, each diagram, 设为当前版本. */
export default function ModelHistoryPage() {
  const tr = useTr()
  const modelId = usePageRoute('/workflow/design/model/history/:id', 'id').param
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const mayEdit = useSession((s) => s.permission[workflowModelContract.permissions.edit] === true)
  usePageTitle(tr('wfd.modelHistory'))
  const [current, setCurrent] = useState(1)
  const [picked, setPicked] = useState<Version | null>(null)
  const history = useQuery({
    queryKey: ['workflow-model-history', modelId, current],
    queryFn: () => callApi(modelHistoryCall, { modelId, current, size: 10 }),
    enabled: Boolean(modelId),
  })
  const rows = history.data?.records ?? []
  const shown = picked ?? rows[0] ?? null

  const setMain = (v: Version) =>
    modal.confirm({
      title: tr('wfd.setMainConfirm', { version: v.version }),
      onOk: async () => {
        await callApi(modelMainVersionCall, { modelId, version: v.version })
        void message.success(tr('wfd.setMainDone'))
        setPicked(null)
        await history.refetch()
        await invalidateResource(queryClient, workflowModelContract.code)
      },
    })

  if (history.isError) return <Alert type="error" showIcon message={(history.error as Error).message} />
  return (
    <Row gutter={12}>
      <Col xs={24} lg={9}>
        <Card size="small" title={tr('wfd.modelHistory')}>
          <Table<Version>
            size="small"
            rowKey="id"
            loading={history.isLoading}
            dataSource={rows}
            locale={{ emptyText: <Empty description={tr('wfd.noHistory')} /> }}
            pagination={{
              current,
              pageSize: 10,
              total: history.data?.total ?? 0,
              onChange: setCurrent,
              showSizeChanger: false,
            }}
            onRow={(v) => ({ onClick: () => setPicked(v), style: { cursor: 'pointer' } })}
            rowClassName={(v) => (v.id === shown?.id ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: tr('wfd.version'),
                dataIndex: 'version',
                width: 130,
                render: (n: number, v) => (
                  <Space size={4}>
                    {n}
                    {v.main && <Tag color="green">{tr('wfd.main')}</Tag>}
                  </Space>
                ),
              },
              { title: tr('workflow.createTime'), dataIndex: 'createTime' },
              {
                title: '',
                width: 110,
                render: (_, v) =>
                  mayEdit && !v.main ? (
                    <Button
                      size="small"
                      type="link"
                      data-testid={`wfd-set-main-${v.version}`}
                      onClick={(e) => {
                        e.stopPropagation()
                        setMain(v)
                      }}
                    >
                      {tr('wfd.setMain')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={shown ? `${tr('wfd.version')} ${shown.version} · ${shown.name}` : ' '}>
          {shown?.content ? <DiagramView xml={shown.content} height={520} /> : <Empty />}
        </Card>
      </Col>
    </Row>
  )
}
