import type { TreeNode } from '@xpark/contract/schemas'
import { useCallback } from 'react'
import { getData, postData } from '@/api/http'
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
      getData<{ menu: TreeNode[] }>('blade-system/menu/grant-top-tree'),
      getData<{ menu: string[] }>('blade-system/menu/top-tree-keys', { topMenuIds: (ids ?? []).join(',') }),
    ])
    return { tree: menus?.menu ?? [], keys: keys?.menu ?? [] }
  }, [ids])
  const save = useCallback(
    async (menuIds: string[]) => {
      await postData('blade-system/topmenu/grant', undefined, { topMenuIds: ids, menuIds })
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
