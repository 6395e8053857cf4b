import { useQuery } from '@tanstack/react-query'
import { controlMachineCall, machineCommands, machineControlsCall } from '@xpark/contract/modules/device'
import { App, Button, Empty, Modal, Popconfirm, Space } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { BusyArea } from '@/components/BusyArea'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/**
 * The controls of a machine type the user may send: the declared machine controls (contract
 * `machineCommands`) say which a type carries out and which permission each needs (doors:
 * `machine_control_door`).
 */
export const permittedControls = (type: number, permission: Record<string, boolean>): readonly string[] =>
  machineCommands.controlsAllowed(type, (code) => permission[code] === true)

/**
 * 控制: the controls a machine's type carries out, each confirmed; the answer (成功, or the machine's
 * reason, 设备未响应, 设备离线) is told. Only one command at a time: the buttons wait for the ack.
 * The server names them with their dictionary labels; only those the user may send are offered.
 */
export function ControlDialog({
  machine,
  onClose,
}: {
  machine: { id: string; name: string; type: number }
  onClose: () => void
}) {
  const tr = useTr()
  const permission = useSession((s) => s.permission)
  const { message } = App.useApp()
  const [sending, setSending] = useState<string | null>(null)
  const controls = useQuery({
    queryKey: [machineControlsCall.path, machine.id],
    queryFn: () => callApi(machineControlsCall, { machineId: machine.id }),
  })
  const permitted = permittedControls(machine.type, permission)
  const offered = controls.data?.filter((c) => permitted.includes(c.dictKey))
  const send = async (control: string) => {
    setSending(control)
    try {
      const outcome = await callApi(controlMachineCall, { machineId: machine.id, control: control as '1' })
      if (outcome.result === 1) void message.success(tr('device.sent'))
      else void message.error(`${outcome.resultName}: ${outcome.reason}`)
    } catch {
      // the HTTP client has shown the refusal (该设备不支持此操作, 设备离线 …)
    } finally {
      setSending(null)
    }
  }
  return (
    <Modal open title={tr('device.controlTitle', { name: machine.name })} footer={null} onCancel={onClose}>
      <BusyArea busy={controls.isLoading}>
        {offered?.length === 0 ? (
          <Empty description={tr('device.noControls')} />
        ) : (
          <Space wrap data-testid="device-controls">
            {(offered ?? []).map((c) => (
              <Popconfirm
                key={c.dictKey}
                title={tr('device.controlConfirm', { name: machine.name, control: c.dictValue })}
                onConfirm={() => send(c.dictKey)}
              >
                <Button
                  loading={sending === c.dictKey}
                  disabled={sending !== null && sending !== c.dictKey}
                  data-testid={`device-control-${c.dictKey}`}
                >
                  {c.dictValue}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        )}
      </BusyArea>
    </Modal>
  )
}
