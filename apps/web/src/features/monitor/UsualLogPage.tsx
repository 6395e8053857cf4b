import { CrudPage } from '@/components/crud'
import { usualLogResource } from './logs'

/** Usual logs (read only): see `logs.tsx`. */
export default function UsualLogPage() {
  return <CrudPage resource={usualLogResource} />
}
