import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  deleteReportRelCall,
  machineContract,
  queryReportRelCall,
  reportRuleContract,
  saveReportRelCall,
} from '@xpark/contract/modules/device'
import { App, Button, Modal, Popconfirm, Select, Space, Table } from 'antd'
import { useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import { BusyArea } from '@/components/BusyArea'
import { fromContract, invalidateResource, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

interface Rule {
  id: string
  name: string
  intervalSeconds: number
  items: string
  machineCount: number
  status: number
  remark: string
  createTime: string
}

/** 规则设备: the machines a rule governs; added (leaving their former rule) and removed here. */
function RuleMachines({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const editable = useCan(reportRuleContract, 'edit')
  const [adding, setAdding] = useState<string[]>([])
  const key = [queryReportRelCall.path, rule.id]
  const machines = useQuery({
    queryKey: key,
    queryFn: () => callApi(queryReportRelCall, { ruleId: rule.id }),
  })
  const all = useQuery({
    queryKey: [machineContract.code, 'for-rule'],
    queryFn: () => pageOfRows(machineContract, { current: 1, size: 200 }),
  })
  const changed = async () => {
    await client.invalidateQueries({ queryKey: key })
    await invalidateResource(client, reportRuleContract.code)
    await invalidateResource(client, machineContract.code)
  }
  return (
    <Modal
      open
      width={760}
      title={`${tr('device.ruleMachines')}: ${rule.name}`}
      footer={null}
      onCancel={onClose}
    >
      {editable && (
        <Space style={{ marginBottom: 12 }}>
          <Select
            mode="multiple"
            style={{ width: 420 }}
            optionFilterProp="label"
            value={adding}
            onChange={setAdding}
            options={(all.data?.records ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
            data-testid="rule-machines-pick"
          />
          <Button
            type="primary"
            disabled={!adding.length}
            onClick={async () => {
              await callApi(saveReportRelCall, { ruleId: rule.id, machineIds: adding.join(',') })
              void message.success(tr('common.addSuccess'))
              setAdding([])
              await changed()
            }}
          >
            {tr('device.addToRule')}
          </Button>
        </Space>
      )}
      <BusyArea busy={machines.isLoading}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={machines.data ?? []}
          columns={[
            { title: tr('device.code'), dataIndex: 'machineCode' },
            { title: tr('device.name'), dataIndex: 'machineName' },
            {
              title: tr('common.action'),
              render: (_, m) =>
                editable && (
                  <Popconfirm
                    title={tr('common.tip')}
                    onConfirm={async () => {
                      await callApi(deleteReportRelCall, { ruleId: rule.id, machineIds: m.machineId })
                      void message.success(tr('common.deleteSuccess'))
                      await changed()
                    }}
                  >
                    <Button type="link" size="small" danger>
                      {tr('device.removeFromRule')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </BusyArea>
    </Modal>
  )
}

function MachinesButton({ rule }: { rule: Rule }) {
  const tr = useTr()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`rule-machines-${rule.id}`}>
        {tr('device.ruleMachines')}
      </Button>
      {open && <RuleMachines rule={rule} onClose={() => setOpen(false)} />}
    </>
  )
}

/** 上报规则: how often machines report; a rule reaches its machines as retained config. */
export default fromContract<Rule>(reportRuleContract, {
  title: 'device.reportRule',
  columns: [
    { prop: 'name', label: 'device.ruleName', search: 'input', width: 180 },
    { prop: 'intervalSeconds', label: 'device.interval', width: 120 },
    { prop: 'items', label: 'device.items', width: 200 },
    { prop: 'machineCount', label: 'device.machineCount', width: 90, form: false },
    { prop: 'remark', label: 'device.remark', form: { type: 'textarea' } },
    { prop: 'createTime', label: 'device.createTime', width: 170, form: false },
  ],
  rowExtra: (row) => <MachinesButton rule={row} />,
})
