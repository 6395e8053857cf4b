import { useQuery } from '@tanstack/react-query'
import { Button, Statistic } from 'antd'
import { useNavigate } from 'react-router'
import { useTr } from '@/components/crud/i18n'
import { latestMessagesQuery, unreadCountQuery } from './api'
import { MessageList } from './PopoverLists'
import './i18n'

/** The home page's card: how many messages are unread, and the latest ones. */
export default function UnreadCard() {
  const t = useTr()
  const navigate = useNavigate()
  const unread = useQuery(unreadCountQuery())
  const latest = useQuery(latestMessagesQuery())
  return (
    <div data-testid="home-card-unread">
      <Statistic value={unread.data ?? 0} suffix={t('message.unreadSuffix')} />
      <MessageList rows={(latest.data ?? []).filter((m) => m.isRead === 0).slice(0, 5)} onOpen={() => {}} />
      <Button type="link" style={{ padding: 0 }} onClick={() => navigate('/message-center/index')}>
        {t('message.viewAll')}
      </Button>
    </div>
  )
}
