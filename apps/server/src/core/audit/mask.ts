/**
 * What a log may keep of a request's input: every field whose name says it is a credential is
 * replaced by a mask, at any depth; long strings and big bodies are cut. BladeX logged raw params
 * and then served them through public log endpoints (SpringBlade#9): nothing secret is stored here.
 */

import { isCredentialName } from '../credentials.js'

export const MASK = '******'

const MAX_DEPTH = 6
const MAX_KEYS = 100
const MAX_ITEMS = 50
const MAX_STRING = 2000
/** the whole params text */
export const MAX_PARAMS = 10_000

/** A field whose name says it holds a credential (the one list: core/credentials.ts). */
export function isSecretName(name: string): boolean {
  return isCredentialName(name)
}

export function cut(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, Math.max(0, max - 1))}…` : value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  // Object.prototype, none, or a prototype-less one (fast-querystring parses into such objects)
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null
}

/** A copy of `value` that is safe to log: secrets masked, sizes bounded, binaries described. */
export function maskValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value
  if (typeof value === 'string') return cut(value, MAX_STRING)
  if (typeof value === 'number' || typeof value === 'boolean') return value
  if (typeof value === 'bigint') return value.toString()
  if (Buffer.isBuffer(value)) return `[binary ${value.length} bytes]`
  if (value instanceof Date) return value.toISOString()
  if (depth >= MAX_DEPTH) return '[…]'
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => maskValue(v, depth + 1))
    if (value.length > MAX_ITEMS) items.push(`[… ${value.length - MAX_ITEMS} more]`)
    return items
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    const keys = Object.keys(value)
    for (const key of keys.slice(0, MAX_KEYS))
      out[key] = isSecretName(key) ? MASK : maskValue(value[key], depth + 1)
    if (keys.length > MAX_KEYS) out['…'] = `${keys.length - MAX_KEYS} more fields`
    return out
  }
  // streams, files of a multipart body and the like
  return `[${(value as object).constructor?.name ?? typeof value}]`
}

/** `{query, body}` of a request (either may be absent) as the JSON text of a log's `params`. */
export function maskParams(query: unknown, body?: unknown): string {
  const parts: Record<string, unknown> = {}
  if (query !== undefined && query !== null && !(isPlainObject(query) && !Object.keys(query).length))
    parts.query = maskValue(query)
  if (body !== undefined && body !== null && body !== '') parts.body = maskValue(body)
  if (!Object.keys(parts).length) return ''
  return cut(JSON.stringify(parts), MAX_PARAMS)
}

/**
 * Error texts from the database driver name the statement's parameters (`params: …`), which may be
 * password hashes or secrets: drop them before an error is stored.
 */
export function scrubErrorText(text: string): string {
  // Drizzle's "Failed query: <sql>" too: the statement tells a log reader the schema, not the cause
  return text.replace(/(params:)[^\n]*/gi, '$1 [hidden]').replace(/(Failed query:)[^\n]*/gi, '$1 [hidden]')
}

/**
 * A request URL as the process log may keep it: query values of credential fields masked (the token
 * endpoint takes `password` and `refresh_token` in its query, as BladeX clients send them).
 */
export function maskUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const query = url.slice(at + 1).replace(/([^&=]+)=([^&]*)/g, (pair, name: string) => {
    let decoded = name
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '))
    } catch {
      // a malformed escape: judge the raw name
    }
    return isCredentialName(decoded) ? `${name}=${MASK}` : pair
  })
  return `${url.slice(0, at)}?${query}`
}
