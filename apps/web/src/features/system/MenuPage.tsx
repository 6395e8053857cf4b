import { useMemo } from 'react'
import { CrudPage, type CrudResource } from '@/components/crud'
import { useSession } from '@/stores/session'
import { AddChildButton } from './deptRowActions'
import { type Menu, type MenuKind, menuCrud, WEB_MENU } from './menu'

/**
 * A menu tree screen (see `menu.tsx`) with 新增子项 on each menu row for `<prefix>_add`: 菜单管理 here,
 * APP菜单 in `MenuAppPage`.
 */
export function MenuScreen({ kind }: { kind: MenuKind }) {
  const mayAdd = useSession((s) => s.permission[`${kind.prefix}_add`] === true)
  const resource = useMemo(
    (): CrudResource<Menu> => ({
      ...menuCrud(kind),
      rowExtra: mayAdd
        ? (row, ctx) =>
            row.category === 2 ? null : (
              <AddChildButton id={row.id} ctx={ctx} testId={`${kind.prefix}-add-child`} />
            )
        : undefined,
    }),
    [mayAdd, kind],
  )
  return <CrudPage resource={resource} />
}

/** 菜单管理: the console's menus. */
export default function MenuPage() {
  return <MenuScreen kind={WEB_MENU} />
}
