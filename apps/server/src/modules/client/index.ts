import { defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { clientRoutes } from './clients.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const CLIENT_MENUS: MenuSeed[] = [
  inSystemMenu({ ...screen('client', '客户端管理', '/system/client', 'ApiOutlined'), sort: 7 }),
]

/** blade-system/client: the OAuth clients (their table belongs to the auth module, which verifies them). */
export const clientModule = defineModule({ name: 'client', routes: clientRoutes, menus: CLIENT_MENUS })
