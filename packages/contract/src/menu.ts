/** A node of `GET blade-system/menu/routes` and `menu/buttons` (BladeX MenuVO, ids as strings). */
export interface MenuNode {
  id: string
  parentId: string
  code: string
  name: string
  alias: string
  path: string
  /** icon name */
  source: string
  sort: number
  /** 1 menu, 2 button */
  category: 1 | 2
  /** 0 none, 1 toolbar, 2 row, 3 both */
  action: number
  /** 1 no, 2 yes: open in a new window */
  isOpen: 1 | 2
  remark: string
  /** hidden from the sidebar (the route still exists) */
  hidden: boolean
  /** when non-empty, only users with one of these role aliases see the item */
  roles: string[]
  /** the tab stays alive when the user leaves it */
  keepAlive: boolean
  hasChildren: boolean
  children?: MenuNode[]
}

/** `GET blade-system/menu/top-menu`. */
export interface TopMenu {
  id: string
  code: string
  name: string
  source: string
  sort: number
}
