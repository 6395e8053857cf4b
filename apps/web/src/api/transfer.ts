import type { R } from '@xpark/contract'
import { website } from '../config'
import i18n from '../i18n'
import { clearSession } from '../stores'
import { useSession } from '../stores/session'
import { useSettings } from '../stores/settings'
import { ILLEGAL_REQUEST, isSealed, type SealedCall, sealCall } from './crypto'
import { buildUrl, HttpError, pickMessage, type Query } from './httpCore'
import { notifyError } from './notify'

/**
 * Files to and from the server: a download of a binary reply (Excel exports, templates) saved under
 * the server's file name, and a multipart upload answering the usual envelope. Both send the same
 * `Authorization` and `Blade-Auth` headers as the HTTP client and report failures the same way
 * (toast with the server's msg; 401 signs out).
 */

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    // public OAuth client: the id only, never a secret
    Authorization: `Basic ${btoa(`${useSettings.getState().console.clientId}:`)}`,
  }
  const token = useSession.getState().token
  if (token) headers['Blade-Auth'] = `bearer ${token}`
  return headers
}

/** Request encryption (console settings carry the key when it is on): the call's headers and body. */
async function sealed(method: string, url: string, body?: unknown): Promise<SealedCall | undefined> {
  const key = useSettings.getState().console.cryptoPublicKey
  return key ? sealCall(key, { method, url, body }) : undefined
}

/** A JSON reply: opened when the call was sealed (an unsealed or unopenable 200 is illegal). */
async function replyJson(res: Response, call: SealedCall | undefined): Promise<Record<string, unknown>> {
  const text = await res.text()
  if (call && isSealed(text)) {
    try {
      return (await call.open(text)) as Record<string, unknown>
    } catch {
      return { code: res.status === 200 ? 400 : res.status, msg: ILLEGAL_REQUEST }
    }
  }
  if (call && res.status === 200) return { code: 400, msg: ILLEGAL_REQUEST }
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** The envelope of a failed reply → toast (or sign out on 401) and an HttpError. */
async function fail(res: Response, body?: unknown): Promise<never> {
  const parsed = (body ?? (await res.json().catch(() => ({})))) as Record<string, unknown>
  const message = pickMessage(parsed, (key) => i18n.t(key))
  const status = Number(parsed.code) || res.status
  if (status === 401) {
    clearSession()
    window.location.hash = `#${website.loginPage}`
  } else notifyError(message)
  throw new HttpError(message, status, parsed)
}

/** `filename*=UTF-8''…` (RFC 5987) first, then `filename="…"`; null when the header names none. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain?.[1]?.trim() || null
}

/** Hand a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the click has started the download; give the browser a moment before the URL goes
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * GET a binary reply (or POST `body` as JSON, for inputs too long for a URL) and save it under the
 * server's file name (`fallbackName` if it sends none). An error reply (JSON envelope) is toasted and
 * rejected like any other call. Answers the name saved.
 */
export async function downloadFile(
  path: string,
  params?: Query,
  fallbackName = 'download',
  body?: unknown,
): Promise<string> {
  const url = buildUrl(website.apiBase, path, params)
  const method = body === undefined ? 'GET' : 'POST'
  const call = await sealed(method, url, body)
  const res = await fetch(url, {
    method,
    headers: {
      ...authHeaders(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...call?.headers,
    },
    body: call ? call.body : body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const type = res.headers.get('content-type') ?? ''
  // a file goes out in clear (only JSON is sealed); an error envelope is sealed like any reply
  if (!res.ok || type.includes('application/json')) return fail(res, await replyJson(res, call))
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName
  saveBlob(await res.blob(), name)
  return name
}

/** POST one file as multipart field `field` (default `file`); answers the envelope's data. */
export async function uploadFile<T>(path: string, file: Blob, params?: Query, field = 'file'): Promise<T> {
  const form = new FormData()
  form.append(field, file, file instanceof File ? file.name : 'upload')
  // no Content-Type: the browser writes the multipart boundary itself
  const url = buildUrl(website.apiBase, path, params)
  // encrypted mode: a multipart body is not sealed, but the address, time and nonce are signed
  const call = await sealed('POST', url)
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...authHeaders(), ...call?.headers },
    body: form,
    credentials: 'same-origin',
  })
  const body = (await replyJson(res, call)) as Partial<R<T>>
  if (!res.ok || Number(body.code) !== 200) return fail(res, body)
  return body.data as T
}
