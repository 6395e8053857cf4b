import { describe, expect, it } from 'vitest'
import { passwordProblem, phoneProblem } from './validation.js'

describe('password strength (spec 01 §5)', () => {
  it('needs at least 8 characters', () => {
    expect(passwordProblem('Ab1@')).toBe('password length cannot be less than 8')
  })
  it('allows only letters, digits and @ - _ =', () => {
    expect(passwordProblem('Abcdef1#')).toMatch(/only contain/)
  })
  it('needs 3 of the 4 classes', () => {
    expect(passwordProblem('abcdefgh1')).toMatch(/at least 3/)
    expect(passwordProblem('abcdefg1@')).toBeNull()
    expect(passwordProblem('Admin@123456')).toBeNull()
    expect(passwordProblem('ABCDEFG1a')).toBeNull()
  })
})

describe('phone rules (spec 01 §5)', () => {
  it('reports the spec texts in order', () => {
    expect(phoneProblem('')).toBe('phone number cannot be empty')
    expect(phoneProblem('1381234567')).toBe('phone number length is not 11')
    expect(phoneProblem('23812345678')).toBe('phone number format is incorrect')
    expect(phoneProblem('13812345678')).toBeNull()
  })
})
