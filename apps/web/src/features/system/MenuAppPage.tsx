import { MenuScreen } from './MenuPage'
import { APP_MENU } from './menu'

/** APP菜单: the mobile app's menus, the same screen as 菜单管理 over the app's menu tree. */
export default function MenuAppPage() {
  return <MenuScreen kind={APP_MENU} />
}
