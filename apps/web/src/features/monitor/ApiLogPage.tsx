import { CrudPage } from '@/components/crud'
import { apiLogResource } from './logs'

/** Api logs (read only): see `logs.tsx`. */
export default function ApiLogPage() {
  return <CrudPage resource={apiLogResource} />
}
