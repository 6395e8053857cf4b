import { ILLEGAL_REQUEST, isSealed, type SealedCall, sealCall } from './crypto'

/**
 * The HTTP client rules of spec 01 §8, as a factory so every rule can be tested with a fake fetch.
 * `http.ts` wires the real browser dependencies.
 */
export type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  params?: Query
  /** JSON body */
  body?: unknown
  headers?: Record<string, string>
  /** false: do not send the Blade-Auth token (public calls) */
  auth?: boolean
}

export interface HttpDeps {
  baseUrl: string
  fetch: typeof fetch
  getToken: () => string
  getClientId: () => string
  notifyError: (message: string) => void
  /** 401: log out and go to /login */
  onUnauthorized: () => void
  /**
   * 403 with `data.passwordChangeRequired`: the account must change an initial password first (the
   * shell then holds the change-password dialog open); no toast for each refused call
   */
  onPasswordChangeRequired?: () => void
  recordFailure: (failure: { url: string; message: string; status: number }) => void
  progress: { start: () => void; done: () => void }
  statusWhiteList: readonly number[]
  timeoutMs: number
  t: (key: 'unknown error' | 'data not found') => string
  /** request encryption: the server's public key when it has it on (console settings), else undefined */
  getCryptoKey?: () => string | undefined
}

export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    message: string,
    /** body.code || HTTP status; 0 for network errors and timeouts */
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message)
  }
}

type Body = { code?: unknown; msg?: unknown; message?: unknown; error_description?: unknown }

export function buildUrl(baseUrl: string, path: string, params?: Query): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) search.set(k, String(v))
  }
  const qs = search.toString()
  return `${baseUrl}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`
}

/** message = msg → message → error_description → 'unknown error' */
export function pickMessage(body: Body, t: HttpDeps['t']): string {
  for (const v of [body.msg, body.message, body.error_description]) {
    if (typeof v === 'string' && v !== '') return v
  }
  return t('unknown error')
}

function parseBody(text: string): unknown {
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The reply of a sealed call: opened when sealed (a sealed reply that does not open is illegal); in
 * clear it is illegal as a 200 and read as it is otherwise (the server's own `illegal request` 400,
 * a proxy's error page).
 */
async function openReply(text: string, status: number, sealed: SealedCall | undefined): Promise<unknown> {
  if (!sealed) return parseBody(text)
  if (isSealed(text)) return sealed.open(text)
  if (status === 200) throw new Error(ILLEGAL_REQUEST)
  return parseBody(text)
}

export function createHttp(deps: HttpDeps) {
  async function send(
    path: string,
    opts: RequestOptions,
  ): Promise<{ res: Response; text: string; sealed: SealedCall | undefined }> {
    const url = buildUrl(deps.baseUrl, path, opts.params)
    const publicKey = deps.getCryptoKey?.()
    const method = opts.method ?? 'GET'
    const sealed = publicKey ? await sealCall(publicKey, { method, url, body: opts.body }) : undefined
    const headers: Record<string, string> = {
      // public OAuth client: the id only, never a secret
      Authorization: `Basic ${btoa(`${deps.getClientId()}:`)}`,
      ...opts.headers,
      ...sealed?.headers,
    }
    const token = deps.getToken()
    if (opts.auth !== false && token) headers['Blade-Auth'] = `bearer ${token}`
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), deps.timeoutMs)
    try {
      const res = await deps.fetch(url, {
        method,
        headers,
        body: sealed ? sealed.body : opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
        credentials: 'same-origin',
      })
      return { res, text: await res.text(), sealed }
    } catch (e) {
      const timedOut = controller.signal.aborted
      const message = timedOut
        ? `timeout of ${deps.timeoutMs}ms exceeded`
        : (e as Error).message || 'Network Error'
      deps.recordFailure({ url, message, status: 0 })
      throw new HttpError(message, 0)
    } finally {
      clearTimeout(timer)
    }
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    deps.progress.start()
    try {
      const { res, text, sealed } = await send(path, opts)
      const url = res.url || path
      let body: unknown
      try {
        body = await openReply(text, res.status, sealed)
      } catch {
        // encrypted mode: an unencrypted or unopenable 200 is not the server's (spec 01 §8)
        deps.notifyError(ILLEGAL_REQUEST)
        deps.recordFailure({ url, message: ILLEGAL_REQUEST, status: res.status })
        throw new HttpError(ILLEGAL_REQUEST, res.status)
      }
      const obj: Body = body !== null && typeof body === 'object' ? (body as Body) : {}
      // outside 200-500 the client does not handle the reply itself: reject quietly (like a network error)
      if (res.status < 200 || res.status > 500) {
        const message = `Request failed with status code ${res.status}`
        deps.recordFailure({ url, message, status: res.status })
        throw new HttpError(message, res.status, body)
      }
      const status = Number(obj.code) || res.status
      let message = pickMessage(obj, deps.t)
      if (status === 404) message = deps.t('data not found')
      if (deps.statusWhiteList.includes(status)) throw new HttpError(message, status, body)
      if (status === 401) deps.onUnauthorized()
      const data = (obj as { data?: { passwordChangeRequired?: unknown } }).data
      if (status === 403 && data?.passwordChangeRequired === true) {
        deps.onPasswordChangeRequired?.()
        throw new HttpError(message, status, body)
      }
      if (status !== 200) {
        deps.notifyError(message)
        deps.recordFailure({ url, message, status })
        throw new HttpError(message, status, body)
      }
      return body as T
    } finally {
      deps.progress.done()
    }
  }

  return {
    request,
    get: <T>(path: string, params?: Query, opts: Omit<RequestOptions, 'params'> = {}) =>
      request<T>(path, { ...opts, method: 'GET', params }),
    post: <T>(
      path: string,
      params?: Query,
      body?: unknown,
      opts: Omit<RequestOptions, 'params' | 'body'> = {},
    ) => request<T>(path, { ...opts, method: 'POST', params, body }),
  }
}

export type Http = ReturnType<typeof createHttp>
