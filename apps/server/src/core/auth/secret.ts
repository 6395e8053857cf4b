import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The token signing secret: XPARK_JWT_SECRET when given, otherwise generated once and kept in the
 * data folder (mode 0600). Never a built-in default: a public default key is how BladeX tokens
 * were forged (CVE-2021-44910).
 */
export function loadSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored.length >= 32) return stored
  }
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
