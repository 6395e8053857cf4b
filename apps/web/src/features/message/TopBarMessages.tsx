import { BellOutlined, NotificationOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Popover, Tabs, Tooltip } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTr } from '@/components/crud/i18n'
import { latestMessagesQuery, unreadCountQuery } from './api'
import { MessageList, NoticeList } from './PopoverLists'
import { useMessageStream } from './useMessageStream'
import './i18n'

export const MESSAGE_CENTER_PATH = '/message-center/index'

/**
 * The top bar's message centre link with the unread badge (at most 99, then 99+), kept current by
 * the user's event stream, and the notification popover (mail, messages, notices; 350×300).
 */
export default function TopBarMessages() {
  useMessageStream()
  return (
    <>
      <MessageCenterLink />
      <NotificationPopover />
    </>
  )
}

export function MessageCenterLink() {
  const t = useTr()
  const navigate = useNavigate()
  const unread = useQuery(unreadCountQuery())
  // the failure's text is the server's message (the HTTP client also shows it once as a toast)
  const label = unread.error ? unread.error.message : t('message.center')
  return (
    <Badge
      count={unread.data ?? 0}
      overflowCount={99}
      size="small"
      offset={[-4, 4]}
      data-testid="message-center-badge"
    >
      <Tooltip title={label}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('message.center')}
          data-testid="message-center-link"
          onClick={() => navigate(MESSAGE_CENTER_PATH)}
        />
      </Tooltip>
    </Badge>
  )
}

export function NotificationPopover() {
  const t = useTr()
  const [open, setOpen] = useState(false)
  const latest = useQuery({ ...latestMessagesQuery(), enabled: open })
  const rows = latest.data ?? []
  // mail: what people sent; messages: what the modules sent
  const mail = rows.filter((m) => m.module === '')
  const fromModules = rows.filter((m) => m.module !== '')
  const content = (
    <div style={{ width: 350, height: 300, overflow: 'auto' }} data-testid="notification-popover">
      <Tabs
        size="small"
        items={[
          {
            key: 'mail',
            label: `${t('message.tab.mail')} (${mail.length})`,
            children: <MessageList rows={mail} onOpen={() => setOpen(false)} />,
          },
          {
            key: 'message',
            label: `${t('message.tab.message')} (${fromModules.length})`,
            children: <MessageList rows={fromModules} onOpen={() => setOpen(false)} />,
          },
          { key: 'notice', label: t('message.tab.notice'), children: <NoticeList /> },
        ]}
      />
    </div>
  )
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button
        type="text"
        icon={<NotificationOutlined />}
        aria-label={t('message.notifications')}
        data-testid="notification-control"
      />
    </Popover>
  )
}
