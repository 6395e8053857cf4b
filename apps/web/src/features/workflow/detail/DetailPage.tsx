import { useQuery } from '@tanstack/react-query'
import {
  type FlowRow,
  formByProcessIdCall,
  type HistoryRow,
  processDetailCall,
  WORKFLOW_OPS,
} from '@xpark/contract/modules/workflow-process'
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Row,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd'
import { useRef } from 'react'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { usePageTitle } from '@/components/usePageTitle'
import { useSession } from '@/stores/session'
import { DiagramView } from '../designer/DiagramView'
import { FormView, type FormViewHandle } from '../forms/FormView'
import { usePageRoute } from '../forms/route'
import { PROCESS_STATUS } from '../tasks/taskList'
import { FormSection } from './FormSection'
import { TaskActionBar, TaskOpsButtons } from './TaskActionBar'
import './i18n'
import '../i18n'

type History = z.output<typeof HistoryRow>

const TONE: Record<string, string> = {
  reject: 'red',
  terminate: 'red',
  rollback: 'orange',
  withdraw: 'orange',
  complete: 'green',
  end: 'gray',
}

function HistoryLine({ rows }: { rows: readonly History[] }) {
  const tr = useTr()
  if (rows.length === 0) return <Empty />
  return (
    <Timeline
      data-testid="wfx-history"
      items={rows.map((h) => ({
        key: h.id,
        color: TONE[h.action] ?? 'blue',
        children: (
          <Space direction="vertical" size={0}>
            <Space wrap>
              <Typography.Text strong>{h.taskName || h.taskDefinitionKey}</Typography.Text>
              <Tag>{tr(`wfx.action.${h.action}`)}</Tag>
              <span>
                {h.otherUserName
                  ? tr(h.action === 'transfer' || h.action === 'delegate' ? 'wfx.to' : 'wfx.for', {
                      user: h.userName,
                      other: h.otherUserName,
                    })
                  : h.userName}
              </span>
            </Space>
            {h.comment && <Typography.Text type="secondary">{h.comment}</Typography.Text>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {h.time}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  )
}

/** The handler's form as a completion sends it: null while it is not valid (its errors show). */
function filled(form: FormViewHandle | null): Record<string, unknown> | null {
  const result = form?.submit()
  if (!result) return null
  return Object.keys(result.errors).length ? null : result.data
}

/** The open tasks with the monitor's actions on each (shown to workflow_ops only). */
function OpsTasks({ tasks, onDone }: { tasks: readonly FlowRow[]; onDone: () => void }) {
  const tr = useTr()
  const may = useSession((s) => s.permission[WORKFLOW_OPS] === true)
  if (!may) return null
  return (
    <Card size="small" title={tr('wfx.tasks')}>
      <List
        size="small"
        dataSource={[...tasks]}
        renderItem={(t) => (
          <List.Item extra={<TaskOpsButtons task={t} onDone={onDone} />}>
            {t.taskName}
            {t.assigneeName ? ` · ${t.assigneeName}` : ''}
          </List.Item>
        )}
      />
    </Card>
  )
}

/**
 * 流程详情 (`/workflow/process/detail/:params`, spec; `params` the instance id, `?taskId=` the task
 * being handled): the form with its values, the current steps, the history, and the diagram with the
 * path walked lit and the current steps marked. Who may read it is the server's rule (403 无权查看此流程).
 */
export default function DetailPage() {
  const tr = useTr()
  const route = usePageRoute('/workflow/process/detail/:params', 'params')
  const instanceId = route.param
  const taskId = route.query.get('taskId') ?? undefined
  usePageTitle(tr('wfx.title'))
  const formRef = useRef<FormViewHandle>(null)
  const detail = useQuery({
    queryKey: ['workflow-detail', instanceId, taskId],
    queryFn: () => callApi(processDetailCall, taskId ? { taskId } : { processInstanceId: instanceId }),
    enabled: Boolean(instanceId || taskId),
  })
  // a Flowable-shaped definition id (`key:version:id`) ends with the definition's row id
  const definitionId = detail.data?.process.processDefinitionId.split(':').pop()
  const form = useQuery({
    queryKey: ['workflow-detail-form', definitionId],
    queryFn: () => callApi(formByProcessIdCall, { processId: definitionId ?? '' }),
    enabled: Boolean(definitionId),
    staleTime: 60_000,
  })
  if (!instanceId && !taskId) return <Alert type="warning" showIcon message={tr('wfx.missing')} />
  if (detail.isError) return <Alert type="error" showIcon message={(detail.error as Error).message} />
  if (!detail.data) return <Spin />
  const { process, tasks, history, xml, passedNodes, variables } = detail.data
  const status = PROCESS_STATUS.find((s) => s.value === process.processStatus)
  const mine: FlowRow | undefined = taskId ? tasks.find((t) => (t.taskId ?? t.id) === taskId) : undefined
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={process.processDefinitionName}
        extra={
          mine && (
            <TaskActionBar
              task={mine}
              onDone={() => void detail.refetch()}
              variables={form.data?.form ? () => filled(formRef.current) : undefined}
            />
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={tr('workflow.startUser')}>{process.startUserName}</Descriptions.Item>
          <Descriptions.Item label={tr('wfx.startTime')}>{process.createTime}</Descriptions.Item>
          <Descriptions.Item label={tr('workflow.processStatus')}>
            <Tag data-testid="wfx-status">{status ? tr(status.label) : process.processStatus}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={tr('wfx.current')}>
            {tasks.length
              ? tasks.map((t) => `${t.taskName}${t.assigneeName ? ` (${t.assigneeName})` : ''}`).join(', ')
              : tr('wfx.none')}
          </Descriptions.Item>
          {process.businessKey && (
            <Descriptions.Item label={tr('workflow.businessKey')}>{process.businessKey}</Descriptions.Item>
          )}
          {process.endTime && (
            <Descriptions.Item label={tr('workflow.endedAt')}>{process.endTime}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {tasks.length > 0 && <OpsTasks tasks={tasks} onDone={() => void detail.refetch()} />}
      <Row gutter={12}>
        <Col xs={24} lg={14}>
          <Card size="small" title={tr('wfx.form')} loading={form.isLoading}>
            {form.data?.form ? (
              <div data-testid="wfx-form">
                {/* the handler fills in what the node lets them write; everyone else reads */}
                <FormView
                  schema={form.data.form}
                  data={variables}
                  readOnly={!mine}
                  rights={mine ? (detail.data.fieldRights ?? undefined) : undefined}
                  ref={formRef}
                />
              </div>
            ) : (
              <FormSection schema="" values={variables} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={tr('wfx.history')}>
            <HistoryLine rows={history} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={tr('wfx.diagram')}>
        <DiagramView
          xml={xml}
          passed={passedNodes}
          current={tasks.map((t) => t.taskDefinitionKey)}
          height={460}
        />
      </Card>
    </Space>
  )
}
