import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  modelDeployCall,
  workflowDeploymentContract,
  workflowModelContract,
} from '@xpark/contract/modules/workflow-design'
import { CONNECTION_TEXTS } from '@xpark/contract/modules/workflow-moddle'
import { Alert, App, Button, Space, Spin, Tag, Tooltip, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { callApi, rowOfResource, submitToResource } from '@/api/calls'
import { invalidateResource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { usePageTitle } from '@/components/usePageTitle'
import { useSession } from '@/stores/session'
import { usePageRoute } from '../forms/route'
import {
  createModeler,
  type DesignerServices,
  type DiagramElement,
  drawable,
  fitDiagram,
  isFlowNode,
  REFUSED_EVENT,
  type Refusal,
  starterXml,
} from './modeler'
import { PropertiesPanel } from './PropertiesPanel'
import './i18n'

/** the modeler's palette's width (px): the fitted diagram stays clear of it */
const PALETTE = 120

type Modeler = ReturnType<typeof createModeler>['modeler']
interface CommandStack {
  canUndo(): boolean
  canRedo(): boolean
  undo(): void
  redo(): void
}

/**
 * 流程设计 (`/workflow/design/process/:id`, spec): a model's BPMN in bpmn-js with our properties panel.
 * Every save is a version (模型历史); 保存并部署 saves, then deploys (the server checks the diagram again
 * and names what it refuses). Connections the editor refuses say why at the drop.
 */
export default function DesignerPage() {
  const tr = useTr()
  const id = usePageRoute('/workflow/design/process/:id', 'id').param
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission)
  usePageTitle(tr('wfd.designer'))
  const model = useQuery({
    queryKey: ['workflow-designer-model', id],
    queryFn: () => rowOfResource(workflowModelContract, id),
    enabled: Boolean(id),
  })
  const container = useRef<HTMLDivElement>(null)
  const [designer, setDesigner] = useState<{ modeler: Modeler; services: DesignerServices } | null>(null)
  const [selected, setSelected] = useState<DiagramElement | null>(null)
  const [, setTick] = useState(0)
  const [dirty, setDirty] = useState(false)
  const [loadError, setLoadError] = useState('')
  const [busy, setBusy] = useState<'save' | 'deploy' | null>(null)
  const row = model.data

  // one modeler per model opened; the diagram is read once (a save does not re-import it)
  const rowId = row?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: the modeler is made once per model, not per refetch
  useEffect(() => {
    if (!row || !container.current) return
    const kept = new Set<string>()
    const made = createModeler(container.current, kept)
    const { modeler, services } = made
    let alive = true
    const root = () => (modeler.get('canvas') as { getRootElement(): DiagramElement }).getRootElement()
    services.bus.on('selection.changed', (e) => {
      const picked = (e as unknown as { newSelection: DiagramElement[] }).newSelection
      setSelected(picked.length === 1 ? picked[0]! : root())
    })
    services.bus.on('element.changed', () => setTick((t) => t + 1))
    services.bus.on('commandStack.changed', () => {
      setDirty(true)
      setTick((t) => t + 1)
    })
    services.bus.on(REFUSED_EVENT, (e) => {
      const reason = (e as unknown as { reason: Refusal }).reason
      void message.warning({
        key: 'wfd-refused',
        content: reason === 'hidden' ? tr('wfd.hiddenNode') : CONNECTION_TEXTS[reason],
      })
    })
    drawable(row.xml || starterXml(row.modelKey, row.name))
      .then((xml) => modeler.importXML(xml))
      .then(() => {
        if (!alive) return
        // a deployed model's nodes are marked hidden when deleted (instances may stand on them)
        if (row.deployedVersion !== null) for (const e of services.registry.filter(isFlowNode)) kept.add(e.id)
        fitDiagram(services.canvas, PALETTE)
        setSelected(root())
        setDirty(false)
        setDesigner(made)
      })
      .catch((e: Error) => alive && setLoadError(e.message))
    return () => {
      alive = false
      modeler.destroy()
      setDesigner(null)
    }
  }, [rowId])

  // closing or reloading the page with unsaved edits asks first
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const save = useCallback(async () => {
    if (!designer || !row) return false
    const { xml = '' } = await designer.modeler.saveXML({ format: true })
    await submitToResource(workflowModelContract, {
      id: row.id,
      modelKey: row.modelKey,
      name: row.name,
      categoryId: row.categoryId ?? undefined,
      icon: row.icon || undefined,
      description: row.description || undefined,
      xml,
    })
    setDirty(false)
    const fresh = await model.refetch()
    void message.success(tr('wfd.saved', { version: fresh.data?.version ?? row.version + 1 }))
    await invalidateResource(queryClient, workflowModelContract.code)
    return true
  }, [designer, row, model, message, tr, queryClient])

  const run = async (what: 'save' | 'deploy') => {
    setBusy(what)
    try {
      if (!(await save()) || what === 'save' || !row) return
      const r = await callApi(modelDeployCall, { modelId: row.id })
      void message.success(tr('workflow.deployed', { id: r.processDefinitionId }))
      await invalidateResource(queryClient, workflowDeploymentContract.code)
      await model.refetch()
    } finally {
      setBusy(null)
    }
  }

  const stack = designer?.modeler.get('commandStack') as CommandStack | undefined
  const download = async () => {
    if (!designer || !row) return
    const { xml = '' } = await designer.modeler.saveXML({ format: true })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }))
    link.download = `${row.modelKey}.bpmn20.xml`
    link.click()
    URL.revokeObjectURL(link.href)
  }

  if (model.isError) return <Alert type="error" showIcon message={(model.error as Error).message} />
  return (
    <Spin spinning={model.isLoading || (!designer && !loadError)}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {row ? `${row.name} (${row.modelKey})` : tr('wfd.designer')}
        </Typography.Title>
        {row && <Tag>{`${tr('wfd.version')} ${row.version}`}</Tag>}
        {dirty && <Tag color="orange">{tr('wfd.unsaved')}</Tag>}
        <Button data-testid="wfd-undo" disabled={!stack?.canUndo()} onClick={() => stack?.undo()}>
          {tr('wfd.undo')}
        </Button>
        <Button data-testid="wfd-redo" disabled={!stack?.canRedo()} onClick={() => stack?.redo()}>
          {tr('wfd.redo')}
        </Button>
        <Button onClick={() => designer && fitDiagram(designer.services.canvas, PALETTE)}>
          {tr('wfd.fit')}
        </Button>
        <Button onClick={download} disabled={!designer}>
          {tr('wfd.download')}
        </Button>
        {may[workflowModelContract.permissions.edit] && (
          <Button
            type="primary"
            data-testid="wfd-save"
            loading={busy === 'save'}
            disabled={!designer || busy !== null}
            onClick={() => run('save')}
          >
            {tr('wfd.save')}
          </Button>
        )}
        {may[workflowModelContract.permissions.edit] && may.workflow_model_deploy && (
          <Tooltip
            title={
              row?.deployedVersion ? `${tr('workflow.deployedVersion')} ${row.deployedVersion}` : undefined
            }
          >
            <Button
              data-testid="wfd-deploy"
              loading={busy === 'deploy'}
              disabled={!designer || busy !== null}
              onClick={() => run('deploy')}
            >
              {tr('wfd.deploy')}
            </Button>
          </Tooltip>
        )}
      </Space>
      {loadError && <Alert type="error" showIcon message={tr('wfd.loadFailed', { reason: loadError })} />}
      <div className="xpark-designer">
        <div className="xpark-designer-canvas" ref={container} data-testid="wfd-canvas" />
        <div className="xpark-designer-panel">
          {designer && <PropertiesPanel element={selected} services={designer.services} />}
        </div>
      </div>
    </Spin>
  )
}
