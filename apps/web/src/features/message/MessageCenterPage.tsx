import { useQuery, useQueryClient } from '@tanstack/react-query'
import { MESSAGE_PUSH_PERMISSION, type MessageRow } from '@xpark/contract/modules/message'
import { App, Button, Card, Input, Segmented, Space, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { MESSAGE_KEY, type MessageFilter, markRead, messagePageQuery, removeMessages } from './api'
import { useOpenMessage } from './PopoverLists'
import { SendMessageDialog } from './SendMessageDialog'
import './i18n'
import { BusyArea } from '@/components/BusyArea'

type ReadFilter = 'all' | 'unread' | 'read'
const READ_STATE: Record<ReadFilter, MessageFilter['isRead']> = { all: undefined, unread: 0, read: 1 }

/**
 * 消息中心 (`/message-center/index`): the caller's messages, filtered by read state and title;
 * mark read (one or the selected), delete after a confirm, open the linked page.
 */
export default function MessageCenterPage() {
  const t = useTr()
  const { modal, message } = App.useApp()
  const client = useQueryClient()
  const open = useOpenMessage()
  const [read, setRead] = useState<ReadFilter>('all')
  const [title, setTitle] = useState('')
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [selected, setSelected] = useState<string[]>([])
  const filter: MessageFilter = { ...paging, isRead: READ_STATE[read], title: title || undefined }
  const page = useQuery(messagePageQuery(filter))
  const maySend = useSession((s) => s.permission[MESSAGE_PUSH_PERMISSION] === true)
  const [sending, setSending] = useState(false)
  const refresh = () => client.invalidateQueries({ queryKey: MESSAGE_KEY })

  const readThese = async (ids: string[]) => {
    await markRead(ids)
    setSelected([])
    await refresh()
  }

  const confirmDelete = (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('common.selectOne'))
      return
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'message-delete-confirm' },
      onOk: async () => {
        await removeMessages(ids)
        setSelected([])
        void message.success(t('common.deleteSuccess'))
        await refresh()
      },
    })
  }

  const columns: ColumnsType<MessageRow> = [
    {
      title: t('message.title'),
      dataIndex: 'title',
      render: (text: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, fontWeight: row.isRead === 0 ? 600 : undefined }}
          data-testid={`message-open-${row.id}`}
          onClick={() => void open(row).catch(() => undefined)}
        >
          {text}
        </Button>
      ),
    },
    { title: t('message.content'), dataIndex: 'content', ellipsis: true },
    {
      title: t('message.sender'),
      dataIndex: 'senderName',
      width: 120,
      render: (v: string) => v || t('message.system'),
    },
    { title: t('message.createTime'), dataIndex: 'createTime', width: 170 },
    {
      title: t('message.state'),
      dataIndex: 'isRead',
      width: 90,
      render: (v: number) =>
        v === 0 ? <Tag color="red">{t('message.unread')}</Tag> : <Tag>{t('message.read')}</Tag>,
    },
    {
      title: t('common.action'),
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.isRead === 0 && (
            <Button
              type="link"
              size="small"
              data-testid={`message-read-${row.id}`}
              onClick={() => void readThese([row.id]).catch(() => undefined)}
            >
              {t('message.markRead')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            data-testid={`message-delete-${row.id}`}
            onClick={() => confirmDelete([row.id])}
          >
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <Card data-testid="message-center">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<ReadFilter>
          data-testid="message-read-filter"
          value={read}
          onChange={(v) => {
            setRead(v)
            setPaging((p) => ({ ...p, current: 1 }))
          }}
          options={[
            { value: 'all', label: t('message.all') },
            { value: 'unread', label: t('message.unread') },
            { value: 'read', label: t('message.read') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('message.title')}
          data-testid="message-title-search"
          onSearch={(v) => {
            setTitle(v.trim())
            setPaging((p) => ({ ...p, current: 1 }))
          }}
        />
        <Button
          data-testid="message-read-selected"
          disabled={selected.length === 0}
          onClick={() => void readThese(selected).catch(() => undefined)}
        >
          {t('message.markRead')}
        </Button>
        <Button danger data-testid="message-delete-selected" onClick={() => confirmDelete(selected)}>
          {t('common.delete')}
        </Button>
        {maySend && (
          <Button type="primary" data-testid="message-send" onClick={() => setSending(true)}>
            {t('message.send')}
          </Button>
        )}
      </Space>
      <BusyArea busy={page.isLoading}>
        <Table<MessageRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: page.data?.total ?? 0,
            showTotal: (total) => t('common.total', { total }),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </BusyArea>
      <SendMessageDialog open={sending} onClose={() => setSending(false)} />
    </Card>
  )
}
