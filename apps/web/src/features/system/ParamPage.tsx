import { CrudPage } from '@/components/crud'
import { paramResource } from './param'

/** System parameters: a CrudPage declaration (see `param.ts`). */
export default function ParamPage() {
  return <CrudPage resource={paramResource} />
}
