import { useQuery } from '@tanstack/react-query'
import type { Page } from '@xpark/contract'
import { Empty, Typography } from 'antd'
import { getData } from '@/api/http'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

interface NoticeItem {
  id: string
  title: string
  releaseTime: string | null
}

/** The home page's card: the tenant's five latest notices (for those who may read notices). */
export default function LatestNoticesCard() {
  const t = useTr()
  const may = useSession((s) => s.permission.notice_view === true)
  const { data } = useQuery({
    queryKey: ['blade-desk/notice', 'home'],
    queryFn: async () =>
      (
        await getData<Page<NoticeItem>>('blade-desk/notice/page', {
          current: 1,
          size: 5,
          descs: 'release_time',
        })
      ).records,
    enabled: may,
    staleTime: 60_000,
  })
  if (!data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.none')} />
  return (
    <div data-testid="home-notices">
      {data.map((n) => (
        <div
          key={n.id}
          style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '4px 0' }}
        >
          <Typography.Text ellipsis>{n.title}</Typography.Text>
          <Typography.Text type="secondary">{n.releaseTime?.slice(0, 10) ?? ''}</Typography.Text>
        </div>
      ))}
    </div>
  )
}
