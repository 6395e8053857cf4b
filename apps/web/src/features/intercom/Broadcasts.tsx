import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { IntercomBroadcast } from '@xpark/contract/modules/intercom'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import { App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { BusyArea } from '@/components/BusyArea'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { broadcastsQuery, intercomApi } from './api'
import { useIntercomFeedback } from './feedback'
import { MemberSelect } from './MemberSelect'
import { RichText, sanitise } from './RichText'

interface Draft {
  title: string
  html: string
  uids: string[]
}

/** Broadcasts: all of them (page size 999999999), search by content, create, change members, remove. */
export function Broadcasts() {
  const tr = useTr()
  const { message } = App.useApp()
  const feedback = useIntercomFeedback()
  const queryClient = useQueryClient()
  const mayBroadcast = usePermission(INTERCOM_PERMISSIONS.broadcast)
  const [search, setSearch] = useState('')
  const list = useQuery(broadcastsQuery(search))
  const [creating, setCreating] = useState(false)
  const [members, setMembers] = useState<IntercomBroadcast | null>(null)
  const [memberUids, setMemberUids] = useState<string[]>([])
  const [form] = Form.useForm<Draft>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (list.error) feedback(list.error)
  }, [list.error, feedback])

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['intercom', 'broadcasts'] })
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      void message.success(tr(done))
      await refresh()
      return true
    } catch (e) {
      feedback(e)
      return false
    } finally {
      setBusy(false)
    }
  }

  const send = async () => {
    const draft = await form.validateFields()
    if (
      await run(
        () => intercomApi.sendBroadcast({ ...draft, html: sanitise(draft.html ?? '') }),
        'intercom.broadcast.sent',
      )
    ) {
      setCreating(false)
      form.resetFields()
    }
  }

  return (
    <Card
      size="small"
      title={tr('intercom.tab.broadcasts')}
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={tr('intercom.broadcast.searchContent')}
            onSearch={(v) => setSearch(v.trim())}
            style={{ width: 220 }}
          />
          {mayBroadcast ? (
            <Button type="primary" data-testid="intercom-broadcast-new" onClick={() => setCreating(true)}>
              {tr('intercom.broadcast.new')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <BusyArea busy={list.isFetching}>
        <Table<IntercomBroadcast>
          data-testid="intercom-broadcasts"
          rowKey="broadcastId"
          size="small"
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={tr('intercom.broadcast.empty')} /> }}
          expandable={{
            // sanitised by the server on every write and again here before it enters the page
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice (server allow-list, DOMPurify)
            expandedRowRender: (row) => <div dangerouslySetInnerHTML={{ __html: sanitise(row.html) }} />,
          }}
          columns={[
            { title: tr('intercom.broadcast.title'), dataIndex: 'title' },
            {
              title: tr('intercom.broadcast.recipients'),
              dataIndex: 'uids',
              render: (u: string[]) => u.length,
            },
            {
              title: tr('intercom.broadcast.owner'),
              dataIndex: 'ownerFlag',
              render: (f: number) => (
                <Tag>{tr(f === 1 ? 'intercom.broadcast.mine' : 'intercom.broadcast.other')}</Tag>
              ),
            },
            { title: tr('intercom.broadcast.time'), dataIndex: 'createTime', width: 170 },
            {
              title: '',
              key: 'actions',
              width: 170,
              render: (_: unknown, row) =>
                mayBroadcast ? (
                  <Space size="small">
                    <Button
                      size="small"
                      type="link"
                      onClick={() => {
                        setMembers(row)
                        setMemberUids(row.uids)
                      }}
                    >
                      {tr('intercom.broadcast.members')}
                    </Button>
                    <Popconfirm
                      title={tr('intercom.broadcast.removeConfirm')}
                      onConfirm={() =>
                        run(() => intercomApi.removeBroadcast(row.broadcastId), 'intercom.saved')
                      }
                    >
                      <Button size="small" type="link" danger>
                        {tr('intercom.broadcast.remove')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ) : null,
            },
          ]}
        />
      </BusyArea>
      <Modal
        open={creating}
        title={tr('intercom.broadcast.new')}
        onCancel={() => setCreating(false)}
        onOk={() => void send()}
        okButtonProps={{ loading: busy, id: 'intercom-broadcast-send' }}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical" initialValues={{ title: '', html: '', uids: [] }}>
          <Form.Item
            name="title"
            label={tr('intercom.broadcast.title')}
            rules={[{ required: true, whitespace: true, message: tr('intercom.broadcast.titleRequired') }]}
          >
            <Input maxLength={100} data-testid="intercom-broadcast-title" />
          </Form.Item>
          <Form.Item name="html" label={tr('intercom.broadcast.content')}>
            <RichText testId="intercom-broadcast-content" />
          </Form.Item>
          <Form.Item
            name="uids"
            label={tr('intercom.broadcast.recipients')}
            rules={[{ required: true, message: tr('intercom.broadcast.recipientsRequired') }]}
          >
            <MemberSelect testId="intercom-broadcast-recipients" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!members}
        title={tr('intercom.broadcast.members')}
        onCancel={() => setMembers(null)}
        okButtonProps={{ loading: busy }}
        onOk={async () => {
          if (
            members &&
            (await run(() => intercomApi.broadcastMembers(members.broadcastId, memberUids), 'intercom.saved'))
          )
            setMembers(null)
        }}
        destroyOnHidden
      >
        <MemberSelect value={memberUids} onChange={setMemberUids} />
      </Modal>
    </Card>
  )
}
