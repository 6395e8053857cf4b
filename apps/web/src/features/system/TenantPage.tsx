import { DatabaseOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { useSession } from '@/stores/session'
import { useSystemT } from './i18n'
import { type Tenant, tenantScreen } from './tenant'
import { TenantDatasourceDialog } from './tenantDatasource'
import { TenantSettingDialog } from './tenantSetting'

/** 租户管理 (platform administrator): a CrudPage (see `tenant.tsx`) with the 授权配置 and 数据源 row actions. */
export default function TenantPage() {
  const t = useSystemT()
  const mayEdit = useSession((s) => s.permission.tenant_edit === true)
  const [setting, setSetting] = useState<Tenant | null>(null)
  const [binding, setBinding] = useState<Tenant | null>(null)
  const [refresh, setRefresh] = useState<() => void>(() => () => {})

  const resource = useMemo(
    () =>
      tenantScreen({
        rowExtraCount: 2,
        rowExtra: mayEdit
          ? (row, ctx) => (
              <>
                <Button
                  type="link"
                  size="small"
                  icon={<SafetyCertificateOutlined />}
                  onClick={(e) => {
                    e.stopPropagation()
                    setRefresh(() => ctx.refresh)
                    setSetting(row)
                  }}
                  data-testid={`tenant-row-setting-${row.id}`}
                >
                  {t('tenant.setting')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  icon={<DatabaseOutlined />}
                  onClick={(e) => {
                    e.stopPropagation()
                    setRefresh(() => ctx.refresh)
                    setBinding(row)
                  }}
                  data-testid={`tenant-row-datasource-${row.id}`}
                >
                  {t('tenant.datasource')}
                </Button>
              </>
            )
          : undefined,
      }),
    [mayEdit, t],
  )

  return (
    <>
      <CrudPage resource={resource} formDefaults={{ accountNumber: -1 }} />
      <TenantSettingDialog tenant={setting} onClose={() => setSetting(null)} onDone={refresh} />
      <TenantDatasourceDialog tenant={binding} onClose={() => setBinding(null)} onDone={refresh} />
    </>
  )
}
