import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  issueLinkCall,
  revokeLinkCall,
  type ScreenLink,
  type ScreenRow,
  screenLinksCall,
} from '@xpark/contract/modules/screen'
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Space, Table, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useScreenT } from './i18n'

/** A link's full address, shown once when issued: the viewer outside the frame with the link's token. */
export function screenLinkUrl(token: string): string {
  return `${window.location.origin}${window.location.pathname}#/datavview?token=${encodeURIComponent(token)}`
}

type LinkState = 'active' | 'revoked' | 'expired'

export function linkState(link: ScreenLink, now = new Date()): LinkState {
  if (link.revoked) return 'revoked'
  if (link.expiresAt && new Date(link.expiresAt.replace(' ', 'T')) <= now) return 'expired'
  return 'active'
}

const STATE_COLOUR: Record<LinkState, string> = { active: 'green', revoked: 'default', expired: 'orange' }
const STATE_TEXT = {
  active: 'screen.linkActive',
  revoked: 'screen.linkRevoked',
  expired: 'screen.linkExpired',
} as const

/**
 * 链接 of a screen: its links (the last characters of each token, expiry, allow-list, state, last
 * use), 新建链接 with an optional expiry and allow-list — its full address shown this once, with a
 * copy button — and 撤销, confirmed.
 */
export function LinksDrawer({ screen, onClose }: { screen: ScreenRow; onClose: () => void }) {
  const t = useScreenT()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const key = ['datav', 'links', screen.id]
  const links = useQuery({ queryKey: key, queryFn: () => callApi(screenLinksCall, { id: screen.id }) })
  const [form] = Form.useForm<{ expiresAt?: Dayjs | null; allow?: string }>()
  const [issuing, setIssuing] = useState(false)
  const [issued, setIssued] = useState<string>()

  async function issue() {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setIssuing(true)
    try {
      const allow = values.allow?.replace(/\s+/g, '') ?? ''
      const reply = await callApi(issueLinkCall, {
        id: screen.id,
        ...(values.expiresAt ? { expiresAt: values.expiresAt.format('YYYY-MM-DD HH:mm:ss') } : {}),
        ...(allow ? { allow } : {}),
      })
      setIssued(screenLinkUrl(reply.token))
      form.resetFields()
      await queryClient.invalidateQueries({ queryKey: key })
    } catch {
      // the HTTP client has said why
    } finally {
      setIssuing(false)
    }
  }

  const revoke = (link: ScreenLink) =>
    modal.confirm({
      title: t('screen.revokeConfirm'),
      onOk: async () => {
        await callApi(revokeLinkCall, { linkId: link.id })
        void message.success(t('screen.done'))
        await queryClient.invalidateQueries({ queryKey: key })
      },
    })

  return (
    <Drawer
      open
      title={`${t('screen.linksTitle')}: ${screen.name}`}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {issued && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('screen.linkShownOnce')}
          description={
            <Typography.Paragraph
              copyable={{ text: issued, tooltips: [t('screen.copy'), t('screen.copied')] }}
              style={{ marginBottom: 0, wordBreak: 'break-all' }}
              data-testid="screen-link-url"
            >
              {issued}
            </Typography.Paragraph>
          }
          closable={{ onClose: () => setIssued(undefined) }}
        />
      )}
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="expiresAt" label={t('screen.linkExpires')}>
          <DatePicker showTime data-testid="screen-link-expires" />
        </Form.Item>
        <Form.Item
          name="allow"
          label={t('screen.linkAllow')}
          tooltip={t('screen.linkAllowHint')}
          rules={[
            {
              pattern: /^\s*$|^[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*\s*$/,
              message: t('screen.linkAllowHint'),
            },
          ]}
        >
          <Input placeholder="10.0.0.0/8,192.168.1.20" maxLength={500} data-testid="screen-link-allow" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={issuing} onClick={issue} data-testid="screen-link-issue">
            {t('screen.newLink')}
          </Button>
        </Form.Item>
      </Form>
      <Table<ScreenLink>
        rowKey="id"
        size="small"
        loading={links.isLoading}
        dataSource={links.data ?? []}
        pagination={false}
        data-testid="screen-links"
        columns={[
          { title: t('screen.linkHint'), dataIndex: 'hint', render: (hint: string) => `…${hint}` },
          {
            title: t('screen.linkExpires'),
            dataIndex: 'expiresAt',
            render: (at: string | null) => at ?? t('screen.linkNoExpiry'),
          },
          {
            title: t('screen.linkAllow'),
            dataIndex: 'allow',
            ellipsis: true,
            render: (allow: string) => allow || t('screen.linkAllowAny'),
          },
          {
            title: t('screen.linkState'),
            key: 'state',
            render: (_, link) => {
              const state = linkState(link)
              return <Tag color={STATE_COLOUR[state]}>{t(STATE_TEXT[state])}</Tag>
            },
          },
          {
            title: t('screen.linkLastUsed'),
            dataIndex: 'lastUsedAt',
            render: (at: string | null) => at ?? '',
          },
          { title: t('screen.linkCreated'), dataIndex: 'createTime' },
          {
            title: t('screen.action'),
            key: 'action',
            render: (_, link) => (
              <Space>
                {!link.revoked && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => revoke(link)}
                    data-testid={`screen-link-revoke-${link.id}`}
                  >
                    {t('screen.revoke')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  )
}
