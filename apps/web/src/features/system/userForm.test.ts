import { describe, expect, it } from 'vitest'
import { userFormIssues, userFormSchema } from './userForm'

const good = { passwordPlain: 'Abcdef12', password2: 'Abcdef12', phone: '13800138000' }
const messages = (values: object, adding = true) =>
  Object.fromEntries(userFormIssues(values, adding).map((i) => [i.path[0], i.message]))

describe('user form rules (spec 01 §5)', () => {
  it('accepts a strong password, its confirmation and an 11-digit mobile phone', () => {
    expect(userFormIssues(good, true)).toEqual([])
  })

  it('asks for a password, then at least 8 characters, then the allowed characters and 3 classes', () => {
    expect(messages({ ...good, passwordPlain: '', password2: '' }).passwordPlain).toBe(
      'please enter password',
    )
    expect(messages({ ...good, passwordPlain: 'Ab1', password2: 'Ab1' }).passwordPlain).toBe(
      'password length cannot be less than 8',
    )
    expect(messages({ ...good, passwordPlain: 'Abcdef1!', password2: 'Abcdef1!' }).passwordPlain).toBe(
      'password may only contain letters, digits and @ - _ =',
    )
    expect(messages({ ...good, passwordPlain: 'abcdefgh', password2: 'abcdefgh' }).passwordPlain).toBe(
      'password needs at least 3 of: upper case, lower case, digit, special (@ - _ =)',
    )
  })

  it('needs the confirmation to match', () => {
    expect(messages({ ...good, password2: 'Abcdef13' }).password2).toBe('password.mismatch')
  })

  it('checks the phone: empty, then length 11, then format', () => {
    expect(messages({ ...good, phone: '' }).phone).toBe('phone number cannot be empty')
    expect(messages({ ...good, phone: '   ' }).phone).toBe('phone number cannot be empty')
    expect(messages({ ...good, phone: '1380013800' }).phone).toBe('phone number length is not 11')
    expect(messages({ ...good, phone: '23800138000' }).phone).toBe('phone number format is incorrect')
  })

  it('ignores the password when editing (the field is add-only)', () => {
    expect(messages({ phone: '13800138000' }, false)).toEqual({})
  })

  it('checks an email only when one is given', () => {
    expect(messages({ ...good, email: '' }).email).toBeUndefined()
    expect(messages({ ...good, email: 'a@b' }).email).toBe('please enter a valid email address')
  })

  it('works as the CrudPage schema: issues by field name', () => {
    const result = userFormSchema.safeParse({ phone: '123' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.find((i) => i.path[0] === 'phone')?.message).toBe(
      'phone number length is not 11',
    )
  })
})
