import { grantTopTreeCall, topMenuGrantCall, topTreeKeysCall } from '@xpark/contract/schemas'
import { useCallback } from 'react'
import { callApi } from '@/api/calls'
import { TreeGrantDialog } from '@/components/TreeGrantDialog'
import { useSystemT } from './i18n'

/**
 * 菜单配置 of top menus: the menu tree the caller may place (`grant-top-tree`), checked with what
 * these top menus show now (`top-tree-keys`); 确定 replaces their set (`topmenu/grant`). Parents of
 * checked menus are sent too (half-checked), so the top menu shows them.
 */
export function TopmenuGrantDialog({ ids, onClose }: { ids: string[] | undefined; onClose: () => void }) {
  const t = useSystemT()
  const load = useCallback(async () => {
    const [menus, keys] = await Promise.all([
      callApi(grantTopTreeCall),
      callApi(topTreeKeysCall, { topMenuIds: (ids ?? []).join(',') }),
    ])
    return { tree: menus?.menu ?? [], keys: keys?.menu ?? [] }
  }, [ids])
  const save = useCallback(
    async (menuIds: string[]) => {
      await callApi(topMenuGrantCall, { topMenuIds: ids ?? [], menuIds })
    },
    [ids],
  )
  return (
    <TreeGrantDialog
      open={Boolean(ids?.length)}
      title={t('topmenu.settingTitle')}
      load={load}
      save={save}
      onClose={onClose}
      testId="topmenu-grant"
      emptyText={t('topmenu.noMenus')}
      doneText={t('dict.done')}
    />
  )
}
