import { ShoppingOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { TreeGrantDialog } from '@/components/TreeGrantDialog'
import { useSession } from '@/stores/session'
import { useSystemT } from './i18n'
import { loadProxyGrant, type ProxyTenant, proxyScreen, saveProxyGrant } from './proxy'

/** 代理商管理: agents (CrudPage) and their 产品授权 (the products an agent may sell). */
export default function ProxyTenantPage() {
  const t = useSystemT()
  const canGrant = useSession((s) => s.permission.proxy_grant === true)
  const [granting, setGranting] = useState<ProxyTenant>()
  const close = useCallback(() => setGranting(undefined), [])
  const proxyId = granting?.id
  const load = useCallback(() => loadProxyGrant(proxyId ?? ''), [proxyId])
  const save = useCallback((productIds: string[]) => saveProxyGrant(proxyId ?? '', productIds), [proxyId])

  const resource = useMemo(
    () =>
      proxyScreen({
        rowExtra: (row) =>
          canGrant && (
            <Button
              type="link"
              size="small"
              icon={<ShoppingOutlined />}
              onClick={(e) => {
                e.stopPropagation()
                setGranting(row)
              }}
              data-testid={`proxy-row-grant-${row.id}`}
            >
              {t('proxy.grant')}
            </Button>
          ),
      }),
    [canGrant, t],
  )

  return (
    <>
      <CrudPage resource={resource} />
      <TreeGrantDialog
        open={granting !== undefined}
        title={`${t('proxy.grant')}${granting ? ` · ${granting.name}` : ''}`}
        load={load}
        save={save}
        onClose={close}
        testId="proxy-grant"
        emptyText={t('proxy.noProducts')}
        doneText={t('proxy.grantDone')}
      />
    </>
  )
}
