/**
 * The one list of names that mark a credential, wherever a name decides what may be shown or kept:
 * request fields in every log (core/audit/mask.ts, the process log's URLs), platform parameters a
 * tenant may read (modules/param/params.ts). A name matches when, lower-cased and without `_`, `-`
 * and `.`, it contains one of these.
 */
export const CREDENTIAL_NAMES = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'credential',
  'privatekey',
  // object storage and SMS key pairs (accessKey, access_key, secretKey…), API keys
  'accesskey',
  'apikey',
  'authorization',
  'cookie',
] as const

const normalise = (name: string) => name.toLowerCase().replace(/[_.-]/g, '')

export function isCredentialName(name: string): boolean {
  const n = normalise(name)
  return CREDENTIAL_NAMES.some((word) => n.includes(word))
}

/** The same test as a PostgreSQL regular expression on the normalised name. */
export const CREDENTIAL_REGEX = `(${CREDENTIAL_NAMES.join('|')})`
