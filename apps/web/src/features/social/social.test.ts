import { describe, expect, it } from 'vitest'
import guests from './guests'
import feature from './index'
import providers from './providers'

describe('social feature (第三方登录, 访客审核)', () => {
  it('puts the two screens under their menu paths and names the menus in English', () => {
    expect(Object.keys(feature.screens)).toEqual(['/system/oauth-provider', '/social/guest'])
    expect(feature.menuNames).toEqual({ oauth_provider: 'Sign-in providers', user_guest: 'Guest approval' })
  })

  it('declares the providers from the contract; the secret is write-only (a blank one is not sent)', () => {
    expect(providers.path).toBe('blade-system/oauth-provider')
    expect(providers.permissionPrefix).toBe('oauth_provider')
    const secret = providers.columns.find((c) => c.prop === 'clientSecret')!
    expect(secret.hideInTable).toBe(true)
    expect((secret.form || undefined)?.type).toBe('password')
    const submit = providers.beforeSubmit!
    expect(submit({ name: 'a', clientSecret: '  ' }, 'edit')).toEqual({ name: 'a' })
    expect(submit({ name: 'a', clientSecret: 's3' }, 'add')).toEqual({ name: 'a', clientSecret: 's3' })
    for (const prop of ['name', 'code', 'issuer', 'clientId'])
      expect((providers.columns.find((c) => c.prop === prop)!.form || undefined)?.itemProps?.required).toBe(
        true,
      )
  })

  it('declares the guests: no add or edit, approve and reject from the contract, pending first', () => {
    expect(guests.path).toBe('blade-user/guest')
    expect(guests.routes?.submit).toBeUndefined()
    expect(guests.columns.every((c) => c.form === false)).toBe(true)
    expect(guests.columns.find((c) => c.prop === 'status')!.options?.map((o) => o.value)).toEqual([0, 1, 2])
  })
})
