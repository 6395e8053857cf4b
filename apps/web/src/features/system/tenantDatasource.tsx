import type { CallParams } from '@xpark/contract/calls'
import { tenantDatasourceCall } from '@xpark/contract/schemas'
import { type ButtonProps, Form, Modal } from 'antd'
import { postData } from '@/api/http'
import { useDialogSubmit } from '@/components/useDialogSubmit'
import { useSystemT } from './i18n'
import type { Tenant } from './tenant'

/**
 * Bind as Saber does, in the query (the declaration reads query or body; `callApi` would send a body).
 */
const bind = (params: CallParams<typeof tenantDatasourceCall>) => postData(tenantDatasourceCall.path, params)

import { DatasourceSelect } from './tenantOptions'

/**
 * 数据源: bind a tenant to a datasource (`tenant/datasource`), or unbind it (empty). The binding is
 * stored and shown; xpark keeps every tenant in its one database (docs/architecture.md).
 */
export function TenantDatasourceDialog({
  tenant,
  onClose,
  onDone,
}: {
  tenant: Tenant | null
  onClose: () => void
  onDone: () => void
}) {
  const t = useSystemT()
  const [form] = Form.useForm<{ datasourceId?: string }>()
  const { saving, submit } = useDialogSubmit(
    form,
    (values) => bind({ tenantId: tenant!.tenantId, datasourceId: values.datasourceId ?? '' }),
    t('tenant.datasourceDone'),
    () => {
      onDone()
      onClose()
    },
  )

  return (
    <Modal
      open={tenant !== null}
      title={`${t('tenant.datasource')}${tenant ? ` · ${tenant.tenantName}` : ''}`}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'tenant-datasource-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ datasourceId: tenant?.datasourceId ?? '' }}
      >
        <Form.Item name="datasourceId" label={t('tenant.datasource')} extra={t('tenant.datasourceHint')}>
          <DatasourceSelect data-testid="tenant-datasource-select" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
