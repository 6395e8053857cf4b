import { useQuery } from '@tanstack/react-query'
import { Empty } from 'antd'
import { useTr } from '@/components/crud/i18n'
import { QuickLinks, quickLinksQuery } from './shortcuts'

/** The home page's shortcuts card: the user's desk shortcuts, or a word that there are none. */
export default function ShortcutsCard() {
  const t = useTr()
  const { data, isLoading } = useQuery(quickLinksQuery())
  if (!isLoading && !data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noShortcuts')} />
  return <QuickLinks title={false} />
}
