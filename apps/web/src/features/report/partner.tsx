import { useQuery } from '@tanstack/react-query'
import {
  PARTNER_KIND,
  type PartnerStatisticRow,
  partnerExportCall,
  partnerStatisticCall,
  REPORT_PERMISSIONS,
  reportDetailCall,
  reportPartnerContract,
  supermarketListCall,
} from '@xpark/contract/modules/report'
import { App, Button, Card, DatePicker, Select, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { callApi, downloadCall, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import {
  exportOfTicked,
  initialQuery,
  money,
  PARTNER_SCREEN,
  type PartnerQuery,
  queryOfView,
  totalsOf,
  viewOfQuery,
} from './partnerView'
import { SaveReportDialog } from './SaveReportDialog'
import './i18n'

/** The partners one may pick: every partner when the caller reads them, else the supermarkets. */
async function partnerOptions(): Promise<{ code: string; name: string; kind?: number }[]> {
  try {
    const page = await pageOfRows(reportPartnerContract, { size: 200 })
    return page.records
  } catch {
    return (await callApi(supermarketListCall)).map((p) => ({ ...p, kind: PARTNER_KIND.supermarket }))
  }
}

/**
 * 渠道统计: a partner's orders, amount and refunds per day of a range. 导出 the ticked days, 导出全部 the
 * range, 保存为报表 the partner and range (reopened from 报表管理 with `?report=<id>`).
 */
export default function PartnerStatisticPage() {
  const tr = useTr()
  const { message } = App.useApp()
  const can = useSession((s) => s.permission)
  const [params] = useSearchParams()
  const reportId = params.get('report')
  const [query, setQuery] = useState<PartnerQuery>(initialQuery)
  const [ticked, setTicked] = useState<string[]>([])
  const [saving, setSaving] = useState(false)

  const partners = useQuery({ queryKey: ['report', 'partners'], queryFn: partnerOptions })
  // a saved report's view, restored once it has loaded
  const saved = useQuery({
    queryKey: ['report', 'detail', reportId],
    queryFn: () => callApi(reportDetailCall, { id: reportId! }),
    enabled: Boolean(reportId),
  })
  useEffect(() => {
    if (saved.data) setQuery((q) => queryOfView(saved.data.view, q))
  }, [saved.data])
  // no partner chosen yet: the first one
  useEffect(() => {
    const first = partners.data?.[0]
    if (first && !reportId) setQuery((q) => (q.partner ? q : { ...q, partner: first.code }))
  }, [partners.data, reportId])

  const rows = useQuery({
    queryKey: ['report', 'statistic', query],
    queryFn: () => callApi(partnerStatisticCall, query),
    enabled: Boolean(query.partner),
  })
  const change = (q: PartnerQuery) => {
    setQuery(q)
    setTicked([])
  }

  const exportTicked = () => {
    const chosen = exportOfTicked(query, ticked)
    if ('message' in chosen) return void message.warning(tr(chosen.message))
    void downloadCall(partnerExportCall, chosen.body, 'export.xlsx')
  }
  const exportAll = () => void downloadCall(partnerExportCall, query, 'export.xlsx')

  const columns: ColumnsType<PartnerStatisticRow> = [
    { title: tr('report.day'), dataIndex: 'day' },
    { title: tr('report.partner'), dataIndex: 'partnerName' },
    { title: tr('report.orderCount'), dataIndex: 'orderCount', align: 'right' },
    { title: tr('report.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
    {
      title: tr('report.refundAmount'),
      dataIndex: 'refundAmount',
      align: 'right',
      render: (v: number) => money(v),
    },
  ]
  const totals = totalsOf(rows.data ?? [])
  const mayExport = Boolean(can[REPORT_PERMISSIONS.export])
  return (
    <Card title={tr('report.statistic')} data-testid="report-partner">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            style={{ minWidth: 180 }}
            placeholder={tr('report.pickPartner')}
            value={query.partner || undefined}
            options={(partners.data ?? []).map((p) => ({ value: p.code, label: p.name }))}
            onChange={(partner: string) => change({ ...query, partner })}
            data-testid="report-partner-select"
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(query.startTime), dayjs(query.endTime)]}
            onChange={(range) => {
              const [from, to] = range ?? []
              if (from && to)
                change({ ...query, startTime: from.format('YYYY-MM-DD'), endTime: to.format('YYYY-MM-DD') })
            }}
            data-testid="report-partner-range"
          />
          {mayExport && (
            <>
              <Button onClick={exportTicked} disabled={!query.partner} data-testid="report-partner-export">
                {tr('report.export')}
              </Button>
              <Button onClick={exportAll} disabled={!query.partner} data-testid="report-partner-export-all">
                {tr('report.exportAll')}
              </Button>
            </>
          )}
          <Button onClick={() => setSaving(true)} disabled={!query.partner} data-testid="report-partner-save">
            {tr('report.saveAs')}
          </Button>
        </Space>
        <Table<PartnerStatisticRow>
          size="small"
          rowKey="day"
          loading={rows.isFetching}
          dataSource={rows.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ y: 520 }}
          rowSelection={{
            selectedRowKeys: ticked,
            onChange: (keys) => setTicked(keys.map(String)),
          }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>{tr('report.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} />
              <Table.Summary.Cell index={3} align="right">
                {totals.orderCount}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(totals.amount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(totals.refundAmount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
          data-testid="report-partner-table"
        />
      </Space>
      {saving && (
        <SaveReportDialog path={PARTNER_SCREEN} view={viewOfQuery(query)} onClose={() => setSaving(false)} />
      )}
    </Card>
  )
}
