import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface CryptoKeys {
  /** stays on the server: unwraps each request's AES key */
  privateKey: KeyObject
  /** served to the console (console settings, `blade-auth/crypto/public-key`): base64 SPKI DER */
  publicKey: string
}

export const CRYPTO_KEY_FILE = 'crypto-private-key.pem'

/**
 * The RSA key pair of request encryption: XPARK_CRYPTO_PRIVATE_KEY (PKCS#8 PEM) when given (the
 * same on every node), otherwise generated once (RSA 2048) and kept in the data folder (mode 0600).
 */
export function loadCryptoKeys(configured: string | undefined, dataDir: string): CryptoKeys {
  let pem = configured?.trim()
  if (!pem) {
    mkdirSync(dataDir, { recursive: true })
    const file = join(dataDir, CRYPTO_KEY_FILE)
    if (existsSync(file)) pem = readFileSync(file, 'utf8')
    else {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
      pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
      writeFileSync(file, pem, { mode: 0o600 })
    }
  }
  const privateKey = createPrivateKey(pem)
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw new Error('XPARK_CRYPTO_PRIVATE_KEY: an RSA private key is needed')
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64')
  return { privateKey, publicKey }
}
