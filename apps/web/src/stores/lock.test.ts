import { describe, expect, it } from 'vitest'
import { useLock } from './lock'
import { sha256Hex } from './sha256'

describe('lock screen password', () => {
  it('hashes with SHA-256 (known vectors)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('a'.repeat(1000))).toBe(
      '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3',
    )
    expect(sha256Hex('锁屏')).toBe('1724a1a1b4bc658e7e6bd4e3d3c9a29579a44592c1a2620a08dd1ad3775db8ef')
  })

  it('stores only the hash in sessionStorage, never the plain text', () => {
    useLock.getState().lock('s3cret-lock')
    const stored = sessionStorage.getItem('xpark-lock') ?? ''
    expect(stored).toContain(sha256Hex('s3cret-lock'))
    expect(stored).not.toContain('s3cret-lock')
    expect(localStorage.getItem('xpark-lock')).toBeNull()
    expect(useLock.getState().isLock).toBe(true)
  })

  it('unlocks only with the right password', () => {
    useLock.getState().lock('right')
    expect(useLock.getState().unlock('wrong')).toBe(false)
    expect(useLock.getState().isLock).toBe(true)
    expect(useLock.getState().unlock('right')).toBe(true)
    expect(useLock.getState().isLock).toBe(false)
  })
})
