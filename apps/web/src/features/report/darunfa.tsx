import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type DarunfaOrderRow, darunfaPageCall } from '@xpark/contract/modules/report'
import { Button, Card, DatePicker, Input, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { DictTag } from '@/components/dict/DictTag'
import { money } from './partnerView'
import './i18n'

interface Filters {
  orderNo: string
  startTime: string
  endTime: string
}

/** 大润发订单: the commodity orders placed through the darunfa channel (its H5 shop). */
export default function DarunfaOrderPage() {
  const tr = useTr()
  const [draft, setDraft] = useState<Filters>({ orderNo: '', startTime: '', endTime: '' })
  const [filters, setFilters] = useState<Filters>(draft)
  const [paging, setPaging] = useState({ current: 1, size: 20 })
  const orders = useQuery({
    queryKey: ['report', 'darunfa', filters, paging],
    queryFn: () =>
      callApi(darunfaPageCall, {
        ...(filters.orderNo ? { orderNo: filters.orderNo } : {}),
        ...(filters.startTime ? { startTime: filters.startTime, endTime: filters.endTime } : {}),
        current: String(paging.current),
        size: String(paging.size),
      }),
    placeholderData: keepPreviousData,
  })
  const columns: ColumnsType<DarunfaOrderRow> = [
    { title: tr('report.orderNo'), dataIndex: 'orderNo', width: 170 },
    { title: tr('report.buyerName'), dataIndex: 'buyerName' },
    { title: tr('report.buyerPhone'), dataIndex: 'buyerPhone' },
    {
      title: tr('report.totalAmount'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => money(v),
    },
    { title: tr('report.itemCount'), dataIndex: 'itemCount', align: 'right' },
    {
      title: tr('report.status'),
      dataIndex: 'status',
      render: (v: number) => <DictTag code="commodity_order_status" value={v} />,
    },
    { title: tr('report.orderTime'), dataIndex: 'orderTime', width: 170 },
    { title: tr('report.payTime'), dataIndex: 'payTime', width: 170 },
  ]
  const run = () => {
    setFilters({ ...draft, orderNo: draft.orderNo.trim() })
    setPaging((p) => ({ ...p, current: 1 }))
  }
  return (
    <Card title={tr('report.darunfa')} data-testid="report-darunfa">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input
            allowClear
            placeholder={tr('report.orderNo')}
            value={draft.orderNo}
            onChange={(e) => setDraft({ ...draft, orderNo: e.target.value })}
            onPressEnter={run}
          />
          <DatePicker.RangePicker
            onChange={(range) => {
              const [from, to] = range ?? []
              setDraft({
                ...draft,
                startTime: from ? from.format('YYYY-MM-DD') : '',
                endTime: to ? to.format('YYYY-MM-DD') : '',
              })
            }}
          />
          <Button type="primary" onClick={run}>
            {tr('report.search')}
          </Button>
        </Space>
        <Table<DarunfaOrderRow>
          size="small"
          rowKey="id"
          loading={orders.isFetching}
          dataSource={orders.data?.records ?? []}
          columns={columns}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: orders.data?.total ?? 0,
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </Space>
    </Card>
  )
}
