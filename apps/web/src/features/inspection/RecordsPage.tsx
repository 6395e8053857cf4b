import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  checkInCall,
  INSPECTION_CHECK_IN,
  type InspectionRecordRow,
  inspectionRecordContract,
  RECORD,
  recordPointsCall,
} from '@xpark/contract/modules/inspection'
import { App, Button, Checkbox, Input, Modal, Space, Table } from 'antd'
import { useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { CrudPage, invalidateResource, renderDict } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { recordsScreen } from './records'
import './i18n'

/** A record's points in the path order: checked (正常/异常), missed, or not yet. */
function PointsDialog({ record, onClose }: { record: InspectionRecordRow; onClose: () => void }) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [inspectionRecordContract.code, 'points', record.id],
    queryFn: () => callApi(recordPointsCall, { recordId: record.id }),
  })
  return (
    <Modal
      open
      title={`${tr('inspection.pointsOf')} · ${record.name}`}
      footer={null}
      onCancel={onClose}
      width={640}
    >
      <Table
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { dataIndex: 'sort', title: tr('inspection.sort'), width: 70, render: (v: number) => v + 1 },
          { dataIndex: 'pointName', title: tr('inspection.point') },
          { dataIndex: 'pointCode', title: tr('inspection.code') },
          {
            dataIndex: 'result',
            title: tr('inspection.result'),
            render: (v: number) => renderDict('inspection_point_result', v),
          },
          { dataIndex: 'checkedAt', title: tr('inspection.checkedAt') },
        ]}
      />
    </Modal>
  )
}

/** 签到 at a point of the running record: its code as scanned or typed, 异常 when something is wrong. */
function CheckInDialog({ record, onClose }: { record: InspectionRecordRow; onClose: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [abnormal, setAbnormal] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (!code.trim()) return
    setBusy(true)
    try {
      const point = await callApi(checkInCall, {
        recordId: record.id,
        code: code.trim(),
        result: abnormal ? 2 : 1,
      })
      message.success(`${tr('inspection.checkIn')}: ${point.pointName ?? code}`)
      setCode('')
      setAbnormal(false)
      // the records' list (its progress column) and the points dialog
      await invalidateResource(queryClient, inspectionRecordContract.code)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={`${tr('inspection.checkIn')} · ${record.name}`}
      okText={tr('inspection.checkIn')}
      okButtonProps={
        { loading: busy, disabled: !code.trim(), 'data-testid': 'inspection-checkin-ok' } as never
      }
      onOk={submit}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          autoFocus
          value={code}
          placeholder={tr('inspection.checkInHint')}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          data-testid="inspection-checkin-code"
        />
        <Checkbox checked={abnormal} onChange={(e) => setAbnormal(e.target.checked)}>
          {tr('inspection.abnormal')}
        </Checkbox>
      </Space>
    </Modal>
  )
}

/** 巡检记录 with each record's points, and 签到 for the inspector of a running one. */
export default function RecordsPage() {
  const tr = useTr()
  const userId = useSession((s) => s.userInfo?.id ?? '')
  const canCheckIn = useSession((s) => s.permission[INSPECTION_CHECK_IN] === true)
  const [open, setOpen] = useState<{ kind: 'points' | 'checkIn'; record: InspectionRecordRow } | null>(null)
  const resource = useMemo(
    () =>
      recordsScreen((row) => (
        <>
          <Button
            type="link"
            size="small"
            onClick={() => setOpen({ kind: 'points', record: row })}
            data-testid={`inspection-points-${row.id}`}
          >
            {tr('inspection.pointsOf')}
          </Button>
          {canCheckIn && row.state === RECORD.running && row.inspectorId === userId && (
            <Button
              type="link"
              size="small"
              onClick={() => setOpen({ kind: 'checkIn', record: row })}
              data-testid={`inspection-checkin-${row.id}`}
            >
              {tr('inspection.checkIn')}
            </Button>
          )}
        </>
      )),
    [canCheckIn, userId, tr],
  )
  return (
    <>
      <CrudPage resource={resource} />
      {open?.kind === 'points' && <PointsDialog record={open.record} onClose={() => setOpen(null)} />}
      {open?.kind === 'checkIn' && <CheckInDialog record={open.record} onClose={() => setOpen(null)} />}
    </>
  )
}
