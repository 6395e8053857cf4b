import { defineModule } from '../../core/module.js'
import { clientRoutes } from './clients.js'

/** blade-system/client: the OAuth clients (their table belongs to the auth module, which verifies them). */
export const clientModule = defineModule({ name: 'client', routes: clientRoutes })
