import { SettingOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { TreeGrantDialog } from '@/components/TreeGrantDialog'
import { useSession } from '@/stores/session'
import { useSystemT } from './i18n'
import { loadProductGrant, type Product, productionScreen, saveProductGrant } from './production'

/** 产品管理: products (CrudPage) and their 菜单配置 (the menus a product bundles). */
export default function ProductPage() {
  const t = useSystemT()
  const canGrant = useSession((s) => s.permission.production_grant === true)
  const [granting, setGranting] = useState<Product>()
  const close = useCallback(() => setGranting(undefined), [])
  const productId = granting?.id
  const load = useCallback(() => loadProductGrant(productId ?? ''), [productId])
  const save = useCallback((menuIds: string[]) => saveProductGrant(productId ?? '', menuIds), [productId])

  const resource = useMemo(
    () =>
      productionScreen({
        rowExtra: (row) =>
          canGrant && (
            <Button
              type="link"
              size="small"
              icon={<SettingOutlined />}
              onClick={(e) => {
                e.stopPropagation()
                setGranting(row)
              }}
              data-testid={`production-row-grant-${row.id}`}
            >
              {t('production.grant')}
            </Button>
          ),
      }),
    [canGrant, t],
  )

  return (
    <>
      <CrudPage resource={resource} formDefaults={{ sort: 1 }} />
      <TreeGrantDialog
        open={granting !== undefined}
        title={`${t('production.grant')}${granting ? ` · ${granting.name}` : ''}`}
        load={load}
        save={save}
        onClose={close}
        testId="production-grant"
        emptyText={t('topmenu.noMenus')}
        doneText={t('production.grantDone')}
      />
    </>
  )
}
