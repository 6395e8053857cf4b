import { describe, expect, it } from 'vitest'
import { SecretBox } from './secret-box.js'

describe('SecretBox: credentials at rest', () => {
  const box = new SecretBox('a'.repeat(48))

  it('seals to text that does not contain the secret, and opens it again', () => {
    const sealed = box.seal('12dxpark')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('12dxpark')
    expect(box.seal('12dxpark')).not.toBe(sealed) // a fresh IV every time
    expect(box.open(sealed)).toBe('12dxpark')
  })

  it('opens to null under another signing secret, when tampered with, or when not sealed', () => {
    const sealed = box.seal('secret')
    expect(new SecretBox('b'.repeat(48)).open(sealed)).toBeNull()
    // one bit of the tag flipped (a changed base64 character may only touch padding bits)
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    raw[14] = (raw[14] ?? 0) ^ 1
    const flipped = `v1:${raw.toString('base64url')}`
    expect(box.open(flipped)).toBeNull()
    expect(box.open('plain text')).toBeNull()
  })
})
