import { describe, expect, it } from 'vitest'
import { MASK, MAX_PARAMS, maskParams, maskValue, scrubErrorText } from './mask.js'

describe('what a log keeps of a request', () => {
  it('masks every field named like a credential, at any depth', () => {
    const masked = maskValue({
      password: 'a',
      newPassword: 'b',
      client_secret: 'c',
      refresh_token: 'd',
      dispatcherPwd: 'e',
      user: { accessToken: 'f', name: 'kept' },
      list: [{ secretKey: 'g', n: 1 }],
    })
    expect(masked).toEqual({
      password: MASK,
      newPassword: MASK,
      client_secret: MASK,
      refresh_token: MASK,
      dispatcherPwd: MASK,
      user: { accessToken: MASK, name: 'kept' },
      list: [{ secretKey: MASK, n: 1 }],
    })
  })

  it('bounds sizes: long strings, long lists, the whole text', () => {
    const text = maskParams(
      { q: 'x' },
      { big: 'y'.repeat(50_000), items: Array.from({ length: 500 }, (_, i) => i) },
    )
    expect(text.length).toBeLessThanOrEqual(MAX_PARAMS)
    expect(
      maskParams(
        undefined,
        Array.from({ length: 5000 }, () => 'z'.repeat(1000)),
      ).length,
    ).toBeLessThanOrEqual(MAX_PARAMS)
    expect(maskValue(Buffer.from('abc'))).toBe('[binary 3 bytes]')
    expect(maskParams({}, undefined)).toBe('')
  })

  it('drops the statement and its parameters from database error texts', () => {
    expect(scrubErrorText('Failed query: select 1\nparams: $argon2id$v=19$secret')).toBe(
      'Failed query: [hidden]\nparams: [hidden]',
    )
  })
})
