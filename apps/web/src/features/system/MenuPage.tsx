import { useMemo } from 'react'
import { CrudPage, defineCrud } from '@/components/crud'
import { useSession } from '@/stores/session'
import { AddChildButton } from './deptRowActions'
import { type Menu, menuResource } from './menu'

/** 菜单管理 (see `menu.tsx`): the menu tree with 新增子项 on each menu row for `menu_add`. */
export default function MenuPage() {
  const mayAdd = useSession((s) => s.permission.menu_add === true)
  const resource = useMemo(
    () =>
      defineCrud<Menu>({
        ...menuResource,
        rowExtra: mayAdd
          ? (row, ctx) =>
              row.category === 2 ? null : <AddChildButton id={row.id} ctx={ctx} testId="menu-add-child" />
          : undefined,
      }),
    [mayAdd],
  )
  return <CrudPage resource={resource} />
}
