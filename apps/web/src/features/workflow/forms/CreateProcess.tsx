import { useQuery } from '@tanstack/react-query'
import { workflowCategoryContract } from '@xpark/contract/modules/workflow-design'
import { type ProcessDefinitionRow, processListCall } from '@xpark/contract/modules/workflow-process'
import type { TreeNode } from '@xpark/contract/schemas'
import { Alert, Card, Col, Empty, Input, Row, Spin, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { treeSourceQuery } from '@/components/crud'
import { useMessages } from '@/i18n'
import { useSession } from '@/stores/session'
import { CATEGORY_TREE } from '../inputs'
import type { formMessages } from './i18n'
import './i18n'
import { startPath } from './paths'

/** Category id → name, from the category tree (read only by those who may see it). */
function useCategoryNames(): Map<string, string> {
  const may = useSession((s) => s.permission[workflowCategoryContract.permissions.view] === true)
  const { data } = useQuery({ ...treeSourceQuery(CATEGORY_TREE), enabled: may })
  return useMemo(() => {
    const names = new Map<string, string>()
    const walk = (nodes: readonly TreeNode[]) => {
      for (const n of nodes) {
        names.set(String(n.id), String(n.title))
        if (n.children) walk(n.children)
      }
    }
    walk(data ?? [])
    return names
  }, [data])
}

/** 新建流程: the processes the caller may start, as cards by category; a card opens 发起流程. */
export default function CreateProcess() {
  const t = useMessages<typeof formMessages>()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const query = useQuery({
    queryKey: ['workflow_task', 'processList'],
    queryFn: () => callApi(processListCall, { size: 500 }),
  })
  const names = useCategoryNames()
  const groups = useMemo(() => {
    const words = search.trim().toLowerCase()
    const byCategory = new Map<string, ProcessDefinitionRow[]>()
    for (const p of query.data?.records ?? []) {
      if (words && !p.name.toLowerCase().includes(words) && !p.key.toLowerCase().includes(words)) continue
      const list = byCategory.get(p.category) ?? []
      list.push(p)
      byCategory.set(p.category, list)
    }
    // the uncategorised last
    return [...byCategory.entries()].sort(([a], [b]) => Number(a === '') - Number(b === ''))
  }, [query.data, search])

  return (
    <div data-testid="process-create">
      <Input.Search
        allowClear
        placeholder={t('workflow.searchProcess')}
        aria-label={t('workflow.searchProcess')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="process-search"
      />
      {query.isError && (
        <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : ''} />
      )}
      <Spin spinning={query.isLoading}>
        {groups.length === 0 && !query.isLoading && <Empty description={t('workflow.noProcesses')} />}
        {groups.map(([category, processes]) => (
          <section key={category} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>
              {category ? (names.get(category) ?? category) : t('workflow.uncategorised')}
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {processes.map((p) => (
                <Col key={p.id} xs={24} sm={12} md={8} xl={6}>
                  <Card
                    hoverable
                    size="small"
                    role="button"
                    tabIndex={0}
                    aria-label={p.name}
                    data-testid={`process-card-${p.key}`}
                    onClick={() => navigate(startPath(p.processDefinitionId, p.name))}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault()
                        navigate(startPath(p.processDefinitionId, p.name))
                      }
                    }}
                  >
                    <Card.Meta title={p.name} description={`${p.key} · v${p.version}`} />
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        ))}
      </Spin>
    </div>
  )
}
