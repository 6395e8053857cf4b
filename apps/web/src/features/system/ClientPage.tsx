import { CrudPage } from '@/components/crud'
import { clientResource } from './client'

/** 客户端管理: a CrudPage declaration (see `client.ts`). */
export default function ClientPage() {
  return <CrudPage resource={clientResource} formDefaults={{ scope: 'all' }} />
}
