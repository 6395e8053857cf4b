import { screenContract } from '@xpark/contract/modules/screen'
import { Result } from 'antd'
import { useSearchParams } from 'react-router'
import { useCan } from '@/components/crud/contract'
import { PageProviders } from '@/components/PageProviders'
import { useSession } from '@/stores/session'
import { Editor } from './Editor'
import { useScreenT } from './i18n'

/**
 * `/datavedit?id=` (outside the frame): signed in and holding `datav_edit`, else a plain refusal
 * (the spec lists the page among the public ones; an open editor would let anyone change a wall).
 */
function Gate() {
  const t = useScreenT()
  const [search] = useSearchParams()
  const id = search.get('id') ?? ''
  const signedIn = useSession((s) => Boolean(s.token))
  const canEdit = useCan(screenContract, 'edit')
  if (!signedIn || !canEdit)
    return (
      <Result status="403" title="403" subTitle={t('screen.noEdit')} data-testid="screen-editor-refused" />
    )
  if (!id) return <Result status="404" title="404" subTitle={t('screen.notFound')} />
  return <Editor id={id} />
}

export default function EditorPage() {
  return (
    <PageProviders>
      <Gate />
    </PageProviders>
  )
}
