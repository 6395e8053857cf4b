import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './errors.js'

/** Which failures are "the database is away, retry" (503) and which are a statement refused. */
describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

  it('connection refused, cut, timed out, or the server shutting down: yes, bare or wrapped by Drizzle', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating'), { code: '57P01' })))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('starting up'), { code: '57P03' })))).toBe(
      true,
    )
  })

  it('a statement the database refused: no', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate'), { code: '23505' })))).toBe(
      false,
    )
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax'), { code: '42601' })))).toBe(false)
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
