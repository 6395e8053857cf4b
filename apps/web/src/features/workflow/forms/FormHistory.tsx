import { useQuery } from '@tanstack/react-query'
import { formHistoryCall } from '@xpark/contract/modules/workflow-design'
import { Alert, Badge, Button, Card, Col, Empty, List, Row, Spin, Typography } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useMessages } from '@/i18n'
import { FormView } from './FormView'
import type { formMessages } from './i18n'
import './i18n'
import { FORM_HISTORY_PATH } from './paths'
import { usePageRoute } from './route'

/** 表单历史: a form's saved versions, newest first, and the picked one shown read-only. */
export default function FormHistory() {
  const t = useMessages<typeof formMessages>()
  const { param: formId } = usePageRoute(FORM_HISTORY_PATH, 'id')
  const query = useQuery({
    queryKey: ['workflow_form', 'history', formId],
    queryFn: () => callApi(formHistoryCall, { formId, size: 200 }),
    enabled: formId !== '',
  })
  const [picked, setPicked] = useState<string>()
  const versions = query.data?.records ?? []
  const shown = versions.find((v) => v.id === picked) ?? versions[0]

  if (query.isError)
    return <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : ''} />
  return (
    <Spin spinning={query.isLoading}>
      <Row gutter={16} data-testid="form-history">
        <Col xs={24} md={8} lg={6}>
          <Card size="small" title={t('workflow.formHistory')}>
            <List
              dataSource={versions}
              locale={{ emptyText: query.isLoading ? ' ' : t('workflow.noVersions') }}
              renderItem={(v) => (
                <List.Item style={{ padding: '4px 0' }}>
                  <Button
                    block
                    color={v.id === shown?.id ? 'primary' : 'default'}
                    variant={v.id === shown?.id ? 'filled' : 'text'}
                    aria-pressed={v.id === shown?.id}
                    onClick={() => setPicked(v.id)}
                    data-testid={`form-version-${v.version}`}
                    style={{ justifyContent: 'flex-start', textAlign: 'left', height: 'auto' }}
                  >
                    <span>
                      {t('workflow.versionOf', { version: v.version })}
                      {v.main && (
                        <Badge status="success" text={t('workflow.mainVersion')} style={{ marginLeft: 8 }} />
                      )}
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {v.name} · {v.createTime}
                      </Typography.Text>
                    </span>
                  </Button>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <Card
            size="small"
            title={shown ? `${shown.name} · ${t('workflow.versionOf', { version: shown.version })}` : ''}
          >
            {shown ? (
              <FormView key={shown.id} schema={shown.content} readOnly />
            ) : (
              <Empty description={query.isLoading ? ' ' : t('workflow.pickVersion')} />
            )}
          </Card>
        </Col>
      </Row>
    </Spin>
  )
}
