import { queryOptions } from '@tanstack/react-query'
import { menuButtonsCall, menuRoutesCall, topMenusCall } from '@xpark/contract/schemas'
import { callApi } from './calls'

/*
 * The shell's menus, buttons and top menus. The declarations come from the system contracts (zod),
 * as the signed-in user's own calls do (user.ts here): the shell's chunk loads after sign-in, and
 * the sign-in page imports nothing of this file.
 */

export const fetchRoutes = (topMenuId: string) => callApi(menuRoutesCall, topMenuId ? { topMenuId } : {})

export const routesQuery = (topMenuId: string) =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'routes', topMenuId],
    queryFn: () => fetchRoutes(topMenuId),
  })

export const buttonsQuery = () =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'buttons'],
    queryFn: () => callApi(menuButtonsCall),
  })

export const topMenuQuery = () =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'top-menu'],
    queryFn: () => callApi(topMenusCall),
  })
