import { useQuery } from '@tanstack/react-query'
import { deskNoticeContract } from '@xpark/contract/schemas'
import { Empty, Typography } from 'antd'
import { pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/** The home page's card: the tenant's five latest notices (for those who may read notices). */
export default function LatestNoticesCard() {
  const t = useTr()
  const may = useSession((s) => s.permission.notice_view === true)
  const { data } = useQuery({
    // under the notice resource's code: a write on the 通知公告 screen refreshes the card
    queryKey: [deskNoticeContract.code, 'home'],
    queryFn: async () =>
      (await pageOfRows(deskNoticeContract, { current: 1, size: 5, descs: 'release_time' })).records,
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
