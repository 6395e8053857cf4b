import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/**
 * Big screens (issue 32): 大屏管理 in the frame; the designer, the viewer (by link or signed in, and
 * the built-in walls of /wel/screen and /wel/assetsscreen) and the navigation outside it. See
 * docs/modules/screen.md.
 */
// one import site for the three viewer routes (one chunk, one list of its dependencies in the entry)
const viewer = () => import('./ViewerPage')

export default defineFeature({
  name: 'screen',
  screens: {
    '/datav/list': lazy(() => import('./ScreensPage')),
  },
  pages: {
    // signed in with datav_edit; react-grid-layout loads with this chunk only
    '/datavedit': lazy(() => import('./EditorPage')),
    // public by link (`?token=`, src/config.ts linkPaths) or signed in (`?id=`, the built-in walls)
    '/datavview': lazy(viewer),
    '/wel/screen': lazy(() => viewer().then((m) => ({ default: m.GeneralScreenPage }))),
    '/wel/assetsscreen': lazy(() => viewer().then((m) => ({ default: m.AssetsScreenPage }))),
    '/middle': lazy(() => import('./MiddlePage')),
  },
  // the menus the server seeds (modules/screen): 数据大屏 › 大屏管理, 大屏导航, 综合大屏, 资产大屏
  menuNames: {
    bigscreen: 'Big screens',
    datav: 'Screens',
    datav_middle: 'Screen navigation',
    datav_general: 'Park wall',
    datav_assets: 'Assets wall',
  },
})
