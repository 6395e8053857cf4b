import { passwordProblem, phoneProblem } from '@xpark/contract'
import type { SchemaLike } from '@/components/crud'

/** The fields of the user dialog the rules below read. */
export interface UserFormValues {
  account?: string
  realName?: string
  phone?: string
  email?: string
  passwordPlain?: string
  password2?: string
}

type Issue = { path: string[]; message: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Spec 01 §5 rules of the user dialog, as i18n keys under their fields: the password (only while
 * adding: the field exists then) by strength, the confirmation by equality, the phone by emptiness,
 * length and format.
 */
export function userFormIssues(values: UserFormValues, adding: boolean): Issue[] {
  const issues: Issue[] = []
  if (adding) {
    const password = values.passwordPlain ?? ''
    const problem = password === '' ? 'please enter password' : passwordProblem(password)
    if (problem) issues.push({ path: ['passwordPlain'], message: problem })
    if ((values.password2 ?? '') !== password)
      issues.push({ path: ['password2'], message: 'password.mismatch' })
  }
  const phone = phoneProblem((values.phone ?? '').trim())
  if (phone) issues.push({ path: ['phone'], message: phone })
  const email = (values.email ?? '').trim()
  if (email !== '' && !EMAIL.test(email))
    issues.push({ path: ['email'], message: 'please enter a valid email address' })
  return issues
}

/**
 * The CrudPage form schema. Each field's rule picks the issues under its own name, and the password
 * fields exist only in the add dialog: so the password issues count only when adding.
 */
export const userFormSchema: SchemaLike = {
  safeParse(value: unknown) {
    const issues = userFormIssues((value ?? {}) as UserFormValues, true)
    return issues.length ? { success: false, error: { issues } } : { success: true }
  },
}
