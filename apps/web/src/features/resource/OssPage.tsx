import { ossEnableCall } from '@xpark/contract/schemas'
import { useMemo } from 'react'
import { CrudPage } from '@/components/crud'
import { useSession } from '@/stores/session'
import { ENABLED, EnableButton } from './common'
import { ossResource } from './oss'

/** 对象存储: the tenant's storage configurations; 启用 makes one the store uploads go to. */
export default function OssPage() {
  const canEnable = useSession((s) => s.permission.oss_enable === true)
  const resource = useMemo(
    () =>
      ossResource((row, { refresh }) =>
        canEnable && row.status !== ENABLED ? (
          <EnableButton
            call={ossEnableCall}
            id={row.id}
            testId={`oss-row-enable-${row.id}`}
            onDone={refresh}
          />
        ) : null,
      ),
    [canEnable],
  )
  return <CrudPage resource={resource} formDefaults={{ category: 5 }} />
}
