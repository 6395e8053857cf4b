import { queryOptions } from '@tanstack/react-query'
import { menuButtonsCall, menuRoutesCall, topMenusCall } from '@xpark/contract/schemas'
import { callApi } from './calls'

/*
 * The shell's menus, buttons and top menus. The declarations bring the system contracts (and zod)
 * into the shell's chunk, which loads after sign-in (app/router.tsx: Layout is lazy); the sign-in
 * page imports nothing of this file.
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
