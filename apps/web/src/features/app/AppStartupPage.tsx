import { CrudPage } from '@/components/crud'
import { appStartupResource } from './appStartup'

/** 启动页 (see `appStartup.tsx`). */
export default function AppStartupPage() {
  return <CrudPage resource={appStartupResource} formDefaults={{ status: 1, sort: 0 }} />
}
