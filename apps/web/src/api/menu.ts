import { queryOptions } from '@tanstack/react-query'
import type { MenuNode, TopMenu } from '@xpark/contract'
import { getData } from './http'

export const fetchRoutes = (topMenuId: string) =>
  getData<MenuNode[]>('blade-system/menu/routes', topMenuId ? { topMenuId } : undefined)

export const routesQuery = (topMenuId: string) =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'routes', topMenuId],
    queryFn: () => fetchRoutes(topMenuId),
  })

export const buttonsQuery = () =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'buttons'],
    queryFn: () => getData<MenuNode[]>('blade-system/menu/buttons'),
  })

export const topMenuQuery = () =>
  queryOptions({
    queryKey: ['blade-system', 'menu', 'top-menu'],
    queryFn: () => getData<TopMenu[]>('blade-system/menu/top-menu'),
  })
