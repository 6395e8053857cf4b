import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { buttonsQuery, routesQuery, topMenuQuery } from '../../api/menu'
import { userInfoQuery } from '../../api/user'
import { useSession } from '../../stores/session'
import { useSettings } from '../../stores/settings'
import { permissionMap } from '../menu'

/**
 * Loads what the shell needs after sign-in: user info, the menu of the selected top menu, button
 * permissions and the top menu. Results are mirrored into the persisted session so a reload paints
 * the sidebar before the server answers.
 */
export function useShellData() {
  const topMenuId = useSettings((s) => s.topMenuId)
  const user = useQuery(userInfoQuery())
  const routes = useQuery(routesQuery(topMenuId))
  // permissions are fetched after the menu (spec 01 §6)
  const buttons = useQuery({ ...buttonsQuery(), enabled: routes.isSuccess })
  const topMenus = useQuery(topMenuQuery())

  useEffect(() => {
    if (user.data) useSession.getState().setUserInfo(user.data)
  }, [user.data])
  useEffect(() => {
    if (routes.data) useSession.getState().setMenu(routes.data)
  }, [routes.data])
  useEffect(() => {
    if (buttons.data) useSession.getState().setPermission(permissionMap(buttons.data))
  }, [buttons.data])

  return { topMenus: topMenus.data ?? [], menuLoading: routes.isLoading, userInfo: user.data }
}
