/** Spec 01 §5 password strength: at least 8, only letters, digits and @ - _ =, 3 of 4 classes. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'password length cannot be less than 8'
  if (!/^[A-Za-z0-9@\-_=]+$/.test(password)) return 'password may only contain letters, digits and @ - _ ='
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[@\-_=]/].filter((re) => re.test(password)).length
  if (classes < 3) return 'password needs at least 3 of: upper case, lower case, digit, special (@ - _ =)'
  return null
}

/** Spec 01 §5 phone rules. */
export function phoneProblem(phone: string): string | null {
  if (phone === '') return 'phone number cannot be empty'
  if (phone.length !== 11) return 'phone number length is not 11'
  if (!/^1[3-9]\d{9}$/.test(phone)) return 'phone number format is incorrect'
  return null
}
