import { lazy } from 'react'

/** Screens of the desk module, by menu path. */
export const deskScreens = {
  '/desk/notice': lazy(() => import('./NoticePage')),
  '/desk/shortcut': lazy(() => import('./ShortcutPage')),
}
