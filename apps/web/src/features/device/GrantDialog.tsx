import { useQuery } from '@tanstack/react-query'
import { GRANT_TYPES, machineContract, saveGrantCall } from '@xpark/contract/modules/device'
import { App, Button, Form, Modal, Select, Space, Tag } from 'antd'
import { useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { type PickedUser, UserPicker } from '@/components/UserPicker'
import './i18n'

/** 授权人员: a door (or face terminal, clock) and the people to grant on it; issued by the server. */
export function GrantDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const [machineId, setMachineId] = useState<string>()
  const [people, setPeople] = useState<PickedUser[]>([])
  const [picking, setPicking] = useState(false)
  const [saving, setSaving] = useState(false)
  const doors = useQuery({
    queryKey: [machineContract.code, 'grantable'],
    queryFn: () => pageOfRows(machineContract, { current: 1, size: 200 }),
    select: (page) => page.records.filter((m) => GRANT_TYPES.includes(m.type)),
  })
  const save = async () => {
    if (!machineId) return void message.warning(tr('device.pickMachine'))
    if (!people.length) return void message.warning(tr('device.grantPick'))
    setSaving(true)
    try {
      await callApi(saveGrantCall, { machineId, userIds: people.map((p) => p.id).join(',') })
      void message.success(tr('common.addSuccess'))
      onClose(true)
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title={tr('device.grantAdd')}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      confirmLoading={saving}
    >
      <Form layout="vertical">
        <Form.Item label={tr('device.machine')} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={doors.isLoading}
            value={machineId}
            onChange={setMachineId}
            options={(doors.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
            data-testid="grant-machine"
          />
        </Form.Item>
        <Form.Item label={tr('device.grantUser')} required>
          <Space wrap>
            {people.map((p) => (
              <Tag key={p.id} closable onClose={() => setPeople(people.filter((x) => x.id !== p.id))}>
                {p.realName || p.account}
              </Tag>
            ))}
            <Button onClick={() => setPicking(true)} data-testid="grant-pick">
              {tr('device.grantPick')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <UserPicker
        open={picking}
        multiple
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          setPeople([...people, ...users.filter((u) => !people.some((p) => p.id === u.id))])
          setPicking(false)
        }}
      />
    </Modal>
  )
}
