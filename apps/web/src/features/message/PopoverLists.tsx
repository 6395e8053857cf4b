import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageRow } from '@xpark/contract/modules/message'
import { Empty, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './message.css'
import { isExternalLink, latestNoticesQuery, MESSAGE_KEY, markRead } from './api'

/** Open a message: mark it read, then go to its link (a console route here, an address apart). */
export function useOpenMessage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  return async (row: MessageRow) => {
    if (row.isRead === 0) {
      await markRead([row.id])
      await client.invalidateQueries({ queryKey: MESSAGE_KEY })
    }
    if (!row.link) return
    if (isExternalLink(row.link)) window.open(row.link, '_blank', 'noopener,noreferrer')
    else navigate(row.link)
  }
}

export function MessageList({ rows, onOpen }: { rows: MessageRow[]; onOpen: () => void }) {
  const t = useTr()
  const open = useOpenMessage()
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.none')} />
  return (
    <ul className="message-list">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className="message-list-item"
            data-testid={`popover-message-${row.id}`}
            onClick={() => {
              onOpen()
              void open(row).catch(() => undefined)
            }}
          >
            <Typography.Text strong={row.isRead === 0} ellipsis>
              {row.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="message-list-meta">
              {`${row.senderName || t('message.system')} · ${row.createTime}`}
            </Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The tenant's latest notices, for those who may read them. */
export function NoticeList() {
  const t = useTr()
  const may = useSession((s) => s.permission.notice_view === true)
  const notices = useQuery({ ...latestNoticesQuery(), enabled: may })
  const rows = notices.data ?? []
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.noNotices')} />
  return (
    <ul className="message-list">
      {rows.map((n) => (
        <li key={n.id} className="message-list-item" data-testid={`popover-notice-${n.id}`}>
          <Typography.Text ellipsis>{n.title}</Typography.Text>
          <Typography.Text type="secondary" className="message-list-meta">
            {n.releaseTime ?? ''}
          </Typography.Text>
        </li>
      ))}
    </ul>
  )
}
