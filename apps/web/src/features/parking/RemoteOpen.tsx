import { useQuery } from '@tanstack/react-query'
import { gateMachineTreeCall, PARKING_REMOTE_OPEN, remoteOpenCall } from '@xpark/contract/modules/parking'
import { App, Button, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { DictSelect } from '@/components/dict/DictSelect'
import { useSession } from '@/stores/session'
import { GateSelect } from './selects'
import './i18n'

interface RemoteOpenValues {
  machineId: string
  plate?: string
  plateColor?: number
  remark?: string
}

/** 远程开闸 (button `parking_remote_open`): a gate, optionally the car, and why; logged as pass type 8. */
export function RemoteOpenButton({ refresh }: { refresh: () => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const may = useSession((s) => s.permission[PARKING_REMOTE_OPEN] === true)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<RemoteOpenValues>()
  const { data } = useQuery({
    queryKey: ['parking_gate_machine'],
    queryFn: () => callApi(gateMachineTreeCall),
    enabled: open,
  })
  if (!may) return null
  const gates = (data ?? []).map((n) => ({ value: n.id, label: n.title }))
  const submit = async () => {
    const values = await form.validateFields()
    setBusy(true)
    try {
      await callApi(remoteOpenCall, {
        machineId: values.machineId,
        ...(values.plate ? { plate: values.plate } : {}),
        ...(values.plateColor !== undefined ? { plateColor: values.plateColor } : {}),
        ...(values.remark ? { remark: values.remark } : {}),
      })
      message.success(tr('parking.remoteOpened'))
      setOpen(false)
      form.resetFields()
      refresh()
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button type="primary" danger onClick={() => setOpen(true)} data-testid="parking-remote-open">
        {tr('parking.remoteOpen')}
      </Button>
      <Modal
        title={tr('parking.remoteOpen')}
        open={open}
        onOk={submit}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="machineId" label={tr('parking.gate')} rules={[{ required: true }]}>
            <GateSelect gates={gates} testId="parking-remote-open-gate" />
          </Form.Item>
          <Form.Item name="plate" label={tr('parking.plate')} extra={tr('parking.remoteOpenHint')}>
            <Input maxLength={10} data-testid="parking-remote-open-plate" />
          </Form.Item>
          <Form.Item name="plateColor" label={tr('parking.plateColor')}>
            <DictSelect code="plate_color" numeric allowClear />
          </Form.Item>
          <Form.Item name="remark" label={tr('parking.reason')}>
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
