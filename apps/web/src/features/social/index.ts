import { crudScreen, defineFeature } from '@/components/kit'

/**
 * Other ways in (spec 01 §2, §6): the OpenID Connect providers (platform administrator) and the
 * guests waiting for approval. The sign-in page's buttons and register dialog are the shell's
 * (shell/login). See docs/modules/sign-in.md.
 */
export default defineFeature({
  name: 'social',
  screens: {
    '/system/oauth-provider': crudScreen(() => import('./providers')),
    '/social/guest': crudScreen(() => import('./guests')),
  },
  menuNames: { oauth_provider: 'Sign-in providers', user_guest: 'Guest approval' },
})
