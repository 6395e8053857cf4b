import { and, eq } from 'drizzle-orm'
import { verifyPassword } from '../../core/auth/passwords.js'
import type { Db } from '../../db/client.js'
import { client } from './schema.js'

export interface OAuthClient {
  clientId: string
  grantTypes: Set<string>
  accessTokenValidity: number
  refreshTokenValidity: number
}

/** `Authorization: Basic base64(id:secret)` → the client, or null when unknown or the secret is wrong. */
export async function authenticateClient(db: Db, header: string | undefined): Promise<OAuthClient | null> {
  if (!header?.toLowerCase().startsWith('basic ')) return null
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) return null
  const id = decoded.slice(0, colon)
  const secret = decoded.slice(colon + 1)
  const [row] = await db
    .select()
    .from(client)
    .where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1)))
  if (!row) return null
  // a public client (the console) has no secret: it must not pretend to have one either
  const secretOk = row.clientSecret === '' ? secret === '' : await verifyPassword(row.clientSecret, secret)
  if (!secretOk) return null
  return {
    clientId: row.clientId,
    grantTypes: new Set(row.authorizedGrantTypes.split(',').map((g) => g.trim())),
    accessTokenValidity: row.accessTokenValidity,
    refreshTokenValidity: row.refreshTokenValidity,
  }
}
