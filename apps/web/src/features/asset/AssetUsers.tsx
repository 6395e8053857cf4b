import { DeleteOutlined, TeamOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AssetRow,
  type AssetUserRow,
  assetContract,
  assetUsersCall,
  removeAssetUsersCall,
  saveAssetUserCall,
} from '@xpark/contract/modules/asset'
import { App, Button, Form, Input, Modal, Popconfirm, Space, Table } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { type CrudRowContext, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'
import { BusyArea } from '@/components/BusyArea'

/** 使用人: who uses an asset; added and removed here (saveAssetUser, deleteAssetUser). */
function AssetUsersDialog({ asset, onClose }: { asset: AssetRow; onClose: (changed: boolean) => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [form] = Form.useForm<{ userName: string; deptName?: string; phone?: string }>()
  const [changed, setChanged] = useState(false)
  const key = [assetUsersCall.path, asset.id]
  const users = useQuery({
    queryKey: key,
    queryFn: () => callApi(assetUsersCall, { id: asset.id }),
  })
  const reload = async () => {
    setChanged(true)
    await client.invalidateQueries({ queryKey: key })
  }
  const add = async () => {
    const values = await form.validateFields()
    await callApi(saveAssetUserCall, { assetId: asset.id, ...values })
    void message.success(tr('common.addSuccess'))
    form.resetFields()
    await reload()
  }
  const remove = async (id: string) => {
    await callApi(removeAssetUsersCall, { ids: id })
    void message.success(tr('common.deleteSuccess'))
    await reload()
  }
  return (
    <Modal
      open
      width={720}
      title={`${tr('asset.users')} ${asset.name}`}
      footer={null}
      onCancel={() => onClose(changed)}
    >
      <Form form={form} layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item
          name="userName"
          rules={[{ required: true, whitespace: true, message: tr('please enter user name') }]}
        >
          <Input maxLength={32} placeholder={tr('asset.userName')} data-testid="asset-user-name" />
        </Form.Item>
        <Form.Item name="deptName">
          <Input maxLength={64} placeholder={tr('asset.userDept')} />
        </Form.Item>
        <Form.Item name="phone">
          <Input maxLength={20} placeholder={tr('asset.userPhone')} />
        </Form.Item>
        <Button type="primary" onClick={() => void add().catch(() => undefined)} data-testid="asset-user-add">
          {tr('common.add')}
        </Button>
      </Form>
      <BusyArea busy={users.isLoading}>
        <Table<AssetUserRow>
          rowKey="id"
          size="small"
          dataSource={users.data ?? []}
          pagination={false}
          columns={[
            { title: tr('asset.userName'), dataIndex: 'userName' },
            { title: tr('asset.userDept'), dataIndex: 'deptName' },
            { title: tr('asset.userPhone'), dataIndex: 'phone' },
            {
              title: '',
              width: 60,
              render: (_v, u) => (
                <Popconfirm title={tr('common.deleteConfirm')} onConfirm={() => remove(u.id)}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`asset-user-delete-${u.id}`}
                  />
                </Popconfirm>
              ),
            },
          ]}
        />
      </BusyArea>
    </Modal>
  )
}

/** The row action that opens it (for holders of the asset edit button). */
export function AssetUsersButton({ row, ctx }: { row: AssetRow; ctx: CrudRowContext }) {
  const tr = useTr()
  const may = useCan(assetContract, 'edit')
  const [open, setOpen] = useState(false)
  if (!may) return null
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<TeamOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`asset-users-${row.id}`}
      >
        {tr('asset.users')}
      </Button>
      {open && (
        <AssetUsersDialog
          asset={row}
          onClose={(changed) => {
            setOpen(false)
            if (changed) ctx.refresh()
          }}
        />
      )}
    </Space>
  )
}
