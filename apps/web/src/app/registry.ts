import { type ComponentType, lazy } from 'react'
import { matchPath } from 'react-router'
import { registerSlots } from '../components/kit'
import { registerMenuNames } from '../i18n/menuNames'
import { FEATURES } from './features'

export type ScreenMap = Record<string, ComponentType>

/**
 * Menu path → lazily loaded screen, from the feature manifests (app/features.ts); features never
 * import each other, they meet here. A path with no screen sends the user to /404.
 */
export const screens: ScreenMap = {
  ...Object.assign({}, ...FEATURES.map((f) => f.screens)),
  '/myiframe/urlPath': lazy(() => import('../shell/IframePage')),
}

for (const f of FEATURES) if (f.menuNames) registerMenuNames(f.menuNames)
// the top bar's controls and the home page's cards that features bring (components/kit/slots.ts)
registerSlots(FEATURES)

export function resolveScreen(path: string, map: ScreenMap = screens): ComponentType | undefined {
  const exact = map[path]
  if (exact) return exact
  // patterns such as '/workflow/process/detail/:params'
  const pattern = Object.keys(map).find((p) => p.includes(':') && matchPath(p, path))
  return pattern ? map[pattern] : undefined
}
