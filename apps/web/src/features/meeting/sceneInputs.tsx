import { useQuery } from '@tanstack/react-query'
import { machineCommands, machineContract, machineControlsCall } from '@xpark/contract/modules/device'
import {
  controlMeetingMachineCall,
  execSceneCall,
  MEETING_MACHINE_CONTROL,
  type MeetingMachineRow,
  meetingMachineControlsCall,
  SCENE_EXEC,
  type SceneRow,
  type SceneRun,
  sceneContract,
  sceneMachineTreeCall,
} from '@xpark/contract/modules/meeting'
import { App, Button, Modal, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import type { TreeSource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/** The scene screens' pieces: machine tree, scene select, control buttons, 执行 with its result. */

/** The machines a step or a meeting machine may name (server: the meeting module's machineTree). */
export const machineSource: TreeSource = { url: sceneMachineTreeCall.path, code: machineContract.code }

/** The dependent control cell of a step: the controls of the picked machine's type. */
export const controlOptions = {
  on: 'machineId',
  url: machineControlsCall.path,
  params: (machineId: string) => ({ machineId }),
  code: machineContract.code,
  value: 'dictKey',
  label: 'dictValue',
}

const can = (code: string) => (s: { permission: Record<string, boolean> }) => s.permission[code] === true

interface InputProps<V> {
  value?: V
  onChange?: (value: V) => void
  testId?: string
  disabled?: boolean
}

/** A scene by name (the linkage's action). */
export function SceneSelect({ value, onChange, testId, disabled }: InputProps<string>) {
  const t = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [sceneContract.code, 'select'],
    queryFn: () => pageOfRows(sceneContract, { current: 1, size: 200 }),
  })
  return (
    <Select
      value={value || undefined}
      onChange={(id: string) => onChange?.(id)}
      loading={isLoading}
      disabled={disabled}
      placeholder={t('please select a scene')}
      options={(data?.records ?? []).map((r: SceneRow) => ({ value: r.id, label: r.name }))}
      data-testid={testId}
    />
  )
}

/** A meeting machine's controls (queryMeetingMachineControl, source WEB), each confirmed, then its outcome. */
export function ControlButtons({ row }: { row: MeetingMachineRow }) {
  const t = useTr()
  const { modal, message } = App.useApp()
  const allowed = useSession(can(MEETING_MACHINE_CONTROL))
  const permission = useSession((s) => s.permission)
  const { data } = useQuery({
    queryKey: ['meeting_machine', 'controls', row.machineId],
    enabled: allowed,
    queryFn: () => callApi(meetingMachineControlsCall, { machineId: row.machineId, source: 'WEB' }),
  })
  if (!allowed) return null
  // the server answers the type's controls; the declared machine controls say which this user may
  // send (a door's controls need machine_control_door as well)
  const type = row.machineType
  const mine =
    type === null || type === undefined
      ? (data ?? [])
      : (data ?? []).filter((c) => permission[machineCommands.permissionFor(type, c.dictKey)] === true)
  return (
    <Space size={0}>
      {mine.map((c) => (
        <Button
          key={c.dictKey}
          type="link"
          size="small"
          disabled={row.online !== 1}
          data-testid={`meeting-machine-control-${row.id}-${c.dictKey}`}
          onClick={() =>
            modal.confirm({
              title: t('scene.controlConfirm', { control: c.dictValue, machine: row.machineName ?? '' }),
              onOk: async () => {
                const done = await callApi(controlMeetingMachineCall, {
                  machineId: row.machineId,
                  control: c.dictKey as never,
                })
                if (done.result === 1) message.success(`${c.dictValue}: ${done.resultName}`)
                else message.error(`${c.dictValue}: ${done.resultName} ${done.reason}`)
              },
            })
          }
        >
          {c.dictValue}
        </Button>
      ))}
    </Space>
  )
}

const resultColor: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error', 3: 'warning' }

/** What a run did, step by step. */
export function RunResult({ run }: { run: SceneRun }) {
  const t = useTr()
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="scene-run-result">
      <Tag color={run.result === 1 ? 'success' : run.result === 2 ? 'warning' : 'error'}>
        {run.resultName}
      </Tag>
      <Table
        size="small"
        pagination={false}
        // a machine may come twice: the step's place is its key
        dataSource={run.steps.map((s, i) => ({ ...s, key: i }))}
        columns={[
          { dataIndex: 'machineName', title: t('scene.machine') },
          { dataIndex: 'controlName', title: t('scene.control') },
          {
            dataIndex: 'resultName',
            title: t('scene.result'),
            render: (name: string, s) => <Tag color={resultColor[s.result]}>{name}</Tag>,
          },
          { dataIndex: 'reason', title: t('scene.reason') },
        ]}
      />
    </Space>
  )
}

/** 执行 (confirmed): runs the scene and shows each step's result. */
export function ExecButton({ row }: { row: SceneRow }) {
  const t = useTr()
  const { modal } = App.useApp()
  const allowed = useSession(can(SCENE_EXEC))
  const [run, setRun] = useState<SceneRun>()
  if (!allowed) return null
  return (
    <>
      <Button
        type="link"
        size="small"
        data-testid={`scene-exec-${row.id}`}
        onClick={() =>
          modal.confirm({
            title: t('scene.execConfirm', { name: row.name }),
            onOk: async () => setRun(await callApi(execSceneCall, { id: row.id })),
          })
        }
      >
        {t('scene.exec')}
      </Button>
      <Modal
        open={Boolean(run)}
        title={`${t('scene.runResult')}: ${row.name}`}
        footer={null}
        onCancel={() => setRun(undefined)}
        width={720}
        destroyOnHidden
      >
        {run && <RunResult run={run} />}
      </Modal>
    </>
  )
}
