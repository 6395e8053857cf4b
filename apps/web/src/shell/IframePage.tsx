import { Empty } from 'antd'
import { useTranslation } from 'react-i18next'
import { useTabRoute } from '../components/tabRoute'

/** /myiframe/urlPath?src=…&name=…: an outside page inside a tab. Only http(s) sources are embedded. */
export default function IframePage() {
  const { t } = useTranslation()
  const { search } = useTabRoute()
  const q = new URLSearchParams(search)
  const src = q.get('src') ?? ''
  const safe = /^(https?:)?\/\//i.test(src) || src.startsWith('/')
  if (!safe) return <Empty description={t('iframe.missing')} />
  return (
    <iframe
      title={q.get('name') ?? src}
      src={src}
      data-testid="myiframe"
      style={{ border: 0, width: '100%', height: 'calc(100vh - 150px)', display: 'block' }}
    />
  )
}
