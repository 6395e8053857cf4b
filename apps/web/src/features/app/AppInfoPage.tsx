import { CrudPage } from '@/components/crud'
import { appInfoResource } from './appInfo'

/** APP版本 (see `appInfo.tsx`). */
export default function AppInfoPage() {
  return (
    <CrudPage
      resource={appInfoResource}
      formDefaults={{ platform: 'android', status: 1, forceUpdate: false }}
    />
  )
}
