import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  approveCall,
  approveInfoCall,
  getMachinesCall,
  VISIT,
  type VisitDetail,
  type VisitRow,
  visitContract,
} from '@xpark/contract/modules/visitor'
import { App, Button, Card, Input, Modal, Segmented, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { crudKeys } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/**
 * 访客审批: the visits the caller may decide (their own as host; everyone's with visitor_approve).
 * 通过 asks for the doors (the visitor's face is granted there for the window), 拒绝 for a reason;
 * the answer shows how the grants went (已下发 / 下发失败 and why).
 */
const GRANT_TEXT: Record<number, string> = { 0: '待下发', 1: '已下发', 2: '下发失败' }

export default function ApprovalPage() {
  const tr = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [pending, setPending] = useState<1 | 0>(1)
  const [current, setCurrent] = useState(1)
  const [deciding, setDeciding] = useState<{ row: VisitRow; status: number } | null>(null)
  const [doors, setDoors] = useState<string[]>([])
  const [reason, setReason] = useState('')
  const [result, setResult] = useState<VisitDetail | null>(null)
  const list = useQuery({
    queryKey: crudKeys.of(visitContract.code, 'approveinfo', pending, current),
    queryFn: () => callApi(approveInfoCall, { current, size: 10, pending }),
  })
  const machines = useQuery({
    queryKey: crudKeys.of(visitContract.code, 'machines'),
    queryFn: () => callApi(getMachinesCall, {}),
    enabled: deciding?.status === VISIT.approved,
  })
  const decide = useMutation({
    mutationFn: () =>
      callApi(approveCall, {
        id: deciding!.row.id,
        status: deciding!.status,
        ...(deciding!.status === VISIT.approved ? { machineIds: doors.join(',') } : { refuseReason: reason }),
      }),
    onSuccess: (detail) => {
      setDeciding(null)
      setResult(detail)
      void client.invalidateQueries({ queryKey: crudKeys.all(visitContract.code) })
      message.success(tr('visitor.done'))
    },
    onError: (error) => message.error(error instanceof Error ? error.message : String(error)),
  })
  const open = (row: VisitRow, status: number) => {
    setDoors([])
    setReason('')
    setDeciding({ row, status })
  }
  return (
    <Card
      title={tr('visitor.approval')}
      extra={
        <Segmented
          value={pending}
          onChange={(v) => {
            setPending(v as 1 | 0)
            setCurrent(1)
          }}
          options={[
            { value: 1, label: tr('visitor.pending') },
            { value: 0, label: tr('visitor.decided') },
          ]}
        />
      }
      data-testid="visitor-approval"
    >
      <Table<VisitRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }}
        columns={[
          { title: tr('visitor.name'), dataIndex: 'visitorName' },
          { title: tr('visitor.phone'), dataIndex: 'visitorPhone' },
          { title: tr('visitor.company'), dataIndex: 'company' },
          { title: tr('visitor.host'), dataIndex: 'hostName' },
          { title: tr('visitor.start'), dataIndex: 'visitStart' },
          { title: tr('visitor.end'), dataIndex: 'visitEnd' },
          { title: tr('visitor.reason'), dataIndex: 'reason' },
          pending
            ? {
                title: '',
                key: 'actions',
                render: (_: unknown, row: VisitRow) => (
                  <Space>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => open(row, VISIT.approved)}
                      data-testid={`visit-approve-${row.id}`}
                    >
                      {tr('visitor.approve')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() => open(row, VISIT.refused)}
                      data-testid={`visit-refuse-${row.id}`}
                    >
                      {tr('visitor.refuse')}
                    </Button>
                  </Space>
                ),
              }
            : { title: tr('visitor.approver'), dataIndex: 'approverName' },
        ]}
      />
      <Modal
        open={deciding !== null}
        title={tr(deciding?.status === VISIT.approved ? 'visitor.approve' : 'visitor.refuse')}
        onCancel={() => setDeciding(null)}
        onOk={() => decide.mutate()}
        confirmLoading={decide.isPending}
        destroyOnHidden
      >
        {deciding?.status === VISIT.approved ? (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={tr('visitor.doors')}
            value={doors}
            onChange={setDoors}
            loading={machines.isFetching}
            options={(machines.data ?? []).map((m) => ({
              value: m.id,
              label: `${m.name} (${m.area || m.code})`,
            }))}
            data-testid="visit-doors"
          />
        ) : (
          <Input.TextArea
            rows={3}
            maxLength={255}
            placeholder={tr('visitor.refuseReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="visit-refuse-reason"
          />
        )}
      </Modal>
      <Modal
        open={result !== null}
        title={tr('visitor.grants')}
        onCancel={() => setResult(null)}
        footer={null}
      >
        <Table
          rowKey="machineId"
          size="small"
          pagination={false}
          dataSource={result?.grants ?? []}
          columns={[
            { title: tr('visitor.machine'), dataIndex: 'machineName' },
            { title: tr('visitor.area'), dataIndex: 'area' },
            {
              title: tr('visitor.grants'),
              dataIndex: 'grantStatus',
              render: (s: number, g) => (
                <Tag color={s === 1 ? 'green' : s === 2 ? 'red' : 'blue'}>
                  {GRANT_TEXT[s] ?? s}
                  {g.error ? `: ${g.error}` : ''}
                </Tag>
              ),
            },
          ]}
        />
      </Modal>
    </Card>
  )
}
