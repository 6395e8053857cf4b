import { CrudPage } from '@/components/crud'
import { errorLogResource } from './logs'

/** Error logs (read only): see `logs.tsx`. */
export default function ErrorLogPage() {
  return <CrudPage resource={errorLogResource} />
}
