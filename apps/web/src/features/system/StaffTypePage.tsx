import { CrudPage } from '@/components/crud'
import { staffTypeResource } from './staffType'

/** 员工类型 (see `staffType.tsx`). */
export default function StaffTypePage() {
  return <CrudPage resource={staffTypeResource} formDefaults={{ sort: 0 }} />
}
