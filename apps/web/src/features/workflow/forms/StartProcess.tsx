import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  draftListCall,
  draftSaveCall,
  formByProcessIdCall,
  startProcessCall,
} from '@xpark/contract/modules/workflow-process'
import { Alert, App, Button, Card, Space, Spin } from 'antd'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { invalidateResource } from '@/components/crud'
import { useMessages } from '@/i18n'
import { TASK_CODE } from '../tasks/taskList'
import { FormView, type FormViewHandle } from './FormView'
import type { formMessages } from './i18n'
import './i18n'
import { DRAFT_CODE, definitionIdOf, START_PATH } from './paths'
import { usePageRoute } from './route'

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * 发起流程: a definition's start form (getFormByProcessId) filled and started (its data the
 * variables), or kept as a draft (`?draftId=` continues one: its values, and the start removes it).
 * A refusal from the server shows above the form, which keeps what was typed.
 */
export default function StartProcess() {
  const t = useMessages<typeof formMessages>()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { param, query } = usePageRoute(START_PATH, 'params')
  const processId = definitionIdOf(param)
  const [draftId, setDraftId] = useState(query.get('draftId') ?? undefined)
  const form = useRef<FormViewHandle>(null)
  const [busy, setBusy] = useState<'start' | 'draft'>()
  const [refused, setRefused] = useState<string>()

  const start = useQuery({
    queryKey: ['workflow_task', 'startForm', processId],
    queryFn: () => callApi(formByProcessIdCall, { processId }),
    enabled: processId !== '',
  })
  const firstDraft = query.get('draftId')
  const draft = useQuery({
    queryKey: [DRAFT_CODE, 'one', firstDraft],
    queryFn: async () =>
      (await callApi(draftListCall, { size: 500 })).records.find((d) => d.id === firstDraft) ?? null,
    enabled: firstDraft !== null,
  })

  if (start.isError)
    return <Alert type="error" showIcon title={messageOf(start.error)} data-testid="process-start-failed" />
  if (start.isLoading || draft.isLoading || !start.data)
    return <Spin style={{ display: 'block', margin: 48 }} />
  const { process, form: schema } = start.data

  const run = async (what: 'start' | 'draft') => {
    const filled = what === 'start' ? form.current?.submit() : { data: form.current?.values(), errors: {} }
    if (!filled?.data) return
    if (Object.keys(filled.errors).length > 0) {
      void message.error(t('workflow.fixForm'))
      return
    }
    setBusy(what)
    setRefused(undefined)
    try {
      if (what === 'start') {
        await callApi(startProcessCall, {
          processDefId: process.id,
          variables: filled.data,
          ...(draftId ? { draftId } : {}),
        })
        void message.success(t('workflow.started'))
        await Promise.all([
          invalidateResource(queryClient, TASK_CODE),
          invalidateResource(queryClient, DRAFT_CODE),
        ])
        navigate('/workflow/process/send')
      } else {
        const saved = await callApi(draftSaveCall, {
          processDefKey: process.key,
          title: process.name,
          variables: filled.data,
          ...(draftId ? { id: draftId } : {}),
        })
        setDraftId(saved.id)
        void message.success(t('workflow.draftSaved'))
        await invalidateResource(queryClient, DRAFT_CODE)
      }
    } catch (e) {
      setRefused(messageOf(e))
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <Card title={process.name} data-testid="process-start">
      {refused && (
        <Alert
          type="error"
          showIcon
          title={refused}
          style={{ marginBottom: 16 }}
          data-testid="process-start-refused"
        />
      )}
      <FormView schema={schema} data={draft.data?.variables} ref={form} emptyText={t('workflow.noForm')} />
      <Space style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={busy === 'start'}
          disabled={busy !== undefined}
          onClick={() => void run('start')}
          data-testid="process-start-submit"
        >
          {t('workflow.startIt')}
        </Button>
        <Button
          loading={busy === 'draft'}
          disabled={busy !== undefined}
          onClick={() => void run('draft')}
          data-testid="process-start-draft"
        >
          {t('workflow.saveDraft')}
        </Button>
      </Space>
    </Card>
  )
}
