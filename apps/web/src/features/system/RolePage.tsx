import { SafetyOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useMemo, useState } from 'react'
import { CrudPage, type CrudResource } from '@/components/crud'
import { useSession } from '@/stores/session'
import { AddChildButton } from './deptRowActions'
import { useSystemT } from './i18n'
import { RoleGrantDialog } from './RoleGrantDialog'
import { type Role, roleResource } from './role'

/** 角色管理 (see `role.tsx`): rows get 新增子项 (`role_add`) and 权限设置 (`role_grant`). */
export default function RolePage() {
  const t = useSystemT()
  const mayAdd = useSession((s) => s.permission.role_add === true)
  const mayGrant = useSession((s) => s.permission.role_grant === true)
  const [granting, setGranting] = useState<string[] | null>(null)
  const resource = useMemo(
    (): CrudResource<Role> => ({
      ...roleResource,
      rowExtra:
        mayAdd || mayGrant
          ? (row, ctx) => (
              <>
                {mayAdd && <AddChildButton id={row.id} ctx={ctx} testId="role-add-child" />}
                {mayGrant && (
                  <Button
                    type="link"
                    size="small"
                    icon={<SafetyOutlined />}
                    onClick={() => setGranting([row.id])}
                    data-testid={`role-grant-${row.id}`}
                  >
                    {t('role.grant')}
                  </Button>
                )}
              </>
            )
          : undefined,
    }),
    [mayAdd, mayGrant, t],
  )
  return (
    <>
      <CrudPage resource={resource} />
      <RoleGrantDialog roleIds={granting} onClose={() => setGranting(null)} />
    </>
  )
}
