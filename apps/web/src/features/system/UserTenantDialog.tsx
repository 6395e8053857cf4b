import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type TenantGrantRow,
  tenantContract,
  tenantSelectCall,
  userTenantGrantCall,
  userTenantGrantsCall,
  userTenantRevokeCall,
} from '@xpark/contract/schemas'
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, type TableProps } from 'antd'
import { useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { BusyArea } from '@/components/BusyArea'
import { type SystemKey, useSystemT } from './i18n'
import type { User } from './user'

/** One tenant switch grant (userTenantGrantsCall): the tenant and the account used there. */
export type TenantGrant = TenantGrantRow

const grantsQuery = (userId: string) =>
  queryOptions({
    queryKey: [userTenantGrantsCall.path, userId],
    queryFn: () => callApi(userTenantGrantsCall, { userId }),
  })

/** The platform's tenants (`tenant/select`, platform administrator only), under the tenant screen's key. */
const tenantSelectQuery = () =>
  queryOptions({
    queryKey: [tenantContract.code, 'select'],
    queryFn: () => callApi(tenantSelectCall),
    staleTime: 60_000,
  })

export const addTenantGrant = (userId: string, tenantId: string, account: string) =>
  callApi(userTenantGrantCall, { userId, tenantId, account })

export const removeTenantGrant = (userId: string, tenantId: string) =>
  callApi(userTenantRevokeCall, { userId, tenantId })

/**
 * 租户授权 (platform administrator): the tenants a user may switch into (切换租户 in the user menu)
 * and the account they become there; add one (tenant + account) or remove one.
 */
export function UserTenantDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const t = useSystemT()
  return (
    <Modal
      open={user !== null}
      title={t('user.tenantGrant')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {user && <Grants user={user} />}
    </Modal>
  )
}

function Grants({ user }: { user: User }) {
  const t = useSystemT()
  const { message } = App.useApp()
  const client = useQueryClient()
  const grants = useQuery(grantsQuery(user.id))
  const tenants = useQuery(tenantSelectQuery())
  const [form] = Form.useForm<{ tenantId: string; account: string }>()
  const [saving, setSaving] = useState(false)

  // a user switches into other tenants: their own is never offered
  const options = useMemo(
    () =>
      (tenants.data ?? [])
        .filter((x) => x.tenantId !== user.tenantId)
        .map((x) => ({ label: `${x.tenantName} (${x.tenantId})`, value: x.tenantId })),
    [tenants.data, user.tenantId],
  )
  const refresh = () => client.invalidateQueries({ queryKey: grantsQuery(user.id).queryKey })

  async function add(values: { tenantId: string; account: string }) {
    setSaving(true)
    try {
      await addTenantGrant(user.id, values.tenantId, values.account.trim())
      void message.success(t('common.addSuccess'))
      form.resetFields()
      await refresh()
    } catch {
      // reported by the HTTP client
    } finally {
      setSaving(false)
    }
  }

  async function remove(grant: TenantGrant) {
    try {
      await removeTenantGrant(user.id, grant.tenantId)
      void message.success(t('common.deleteSuccess'))
      await refresh()
    } catch {
      // reported by the HTTP client
    }
  }

  const columns: TableProps<TenantGrant>['columns'] = [
    {
      dataIndex: 'tenantName',
      title: t('user.tenant'),
      render: (_v, g) => `${g.tenantName} (${g.tenantId})`,
    },
    { dataIndex: 'account', title: t('user.tenantGrantAccount') },
    {
      key: 'action',
      title: t('common.action'),
      width: 100,
      render: (_v, g) => (
        <Popconfirm
          title={t('user.tenantGrantRemoveConfirm', { tenant: g.tenantName })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => remove(g)}
        >
          <Button type="link" size="small" danger data-testid={`user-tenant-remove-${g.tenantId}`}>
            {t('user.tenantGrantRemove')}
          </Button>
        </Popconfirm>
      ),
    },
  ]

  const required = (key: SystemKey) => [{ required: true, whitespace: true, message: t(key) }]
  return (
    <div data-testid="user-tenant-dialog">
      <p>{t('user.tenantGrantHint', { account: user.account })}</p>
      <BusyArea busy={grants.isLoading}>
        <Table<TenantGrant>
          rowKey="tenantId"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={grants.data ?? []}
          data-testid="user-tenant-grants"
        />
      </BusyArea>
      <Form form={form} layout="inline" style={{ marginTop: 16, rowGap: 8 }} onFinish={add}>
        <Form.Item name="tenantId" label={t('user.tenant')} rules={required('please select tenant')}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            loading={tenants.isLoading}
            options={options}
            data-testid="user-tenant-select"
          />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('user.tenantGrantAccount')}
          rules={required('please enter account')}
        >
          <Input maxLength={45} style={{ width: 160 }} data-testid="user-tenant-account" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="user-tenant-add">
            {t('user.tenantGrantAdd')}
          </Button>
        </Space>
      </Form>
    </div>
  )
}
