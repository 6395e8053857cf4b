import { describe, expect, it } from 'vitest'
import { guard } from './guard'

const base = { token: '', isLock: false, queryToken: null }

describe('navigation rules', () => {
  it('sends a signed-out user to /login, except on public routes', () => {
    expect(guard({ ...base, path: '/system/param' })).toEqual({ kind: 'redirect', to: '/login' })
    for (const path of ['/login', '/lock', '/404', '/403', '/500'])
      expect(guard({ ...base, path })).toEqual({ kind: 'allow' })
  })

  it('sends a signed-in user away from /login to /', () => {
    expect(guard({ ...base, token: 't', path: '/login' })).toEqual({ kind: 'redirect', to: '/' })
  })

  it('forces the lock page while locked', () => {
    expect(guard({ ...base, token: 't', isLock: true, path: '/wel/index' })).toEqual({
      kind: 'redirect',
      to: '/lock',
    })
    expect(guard({ ...base, token: 't', isLock: true, path: '/lock' })).toEqual({ kind: 'allow' })
  })

  it('adopts a token from the query; an empty one logs out locally', () => {
    expect(guard({ ...base, path: '/wel/index', queryToken: 'abc' })).toEqual({
      kind: 'adoptToken',
      token: 'abc',
    })
    expect(guard({ ...base, token: 't', path: '/wel/index', queryToken: '' })).toEqual({ kind: 'logout' })
  })
})

describe('big screens opened by a link', () => {
  it("keeps a screen link's token in the address and lets a signed-out viewer in", () => {
    for (const path of ['/datavview', '/wel/screen', '/wel/assetsscreen']) {
      expect(guard({ ...base, path, queryToken: 'link-token-0123456789' })).toEqual({ kind: 'allow' })
      expect(guard({ ...base, path })).toEqual({ kind: 'allow' })
    }
    expect(guard({ ...base, path: '/datavedit' })).toEqual({ kind: 'redirect', to: '/login' })
  })
})
