import type { Headers, TestContext } from './harness.js'
import { multipartBody } from './multipart.js'

/** The BladeX envelope every business reply carries. */
export interface Envelope<D> {
  code: number
  success: boolean
  data: D
  msg: string
}

/**
 * A reply: its HTTP status, its envelope and its raw text. `data` is `never` unless the call says
 * otherwise (`post<{ id: string }>(…)`), so a test states the shape it reads (`as { records: … }`).
 */
export interface Reply<D = never> {
  status: number
  body: Envelope<D>
  text: string
}

/** Query parameters as a test writes them (numbers too: inject sends them as text). */
export type Query = Record<string, unknown>

/** Calls under /xparkApi, as the console makes them; every method takes other headers for one call. */
export interface ApiClient<D = never> {
  get<T = D>(path: string, query?: Query, headers?: Headers): Promise<Reply<T>>
  post<T = D>(path: string, body?: unknown, query?: Query, headers?: Headers): Promise<Reply<T>>
  /** A file POSTed as a browser's form sends it (multipart field `file`): the Excel imports. */
  upload<T = D>(path: string, file: Buffer, query?: Query, headers?: Headers): Promise<Reply<T>>
}

/**
 * A test's client of the app, calling as `caller` unless told otherwise. Both are read at each call:
 * a describe block builds the client before `beforeAll` has started the app and signed in
 * (`apiClient(() => t, () => admin)`).
 */
export function apiClient<D = never>(context: () => TestContext, caller: () => Headers): ApiClient<D> {
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Query; body?: unknown; payload?: Buffer; headers?: Headers },
  ): Promise<Reply<T>> => {
    const res = await context().app.inject({
      method,
      url: `/xparkApi/${path}`,
      headers: options.headers ?? caller(),
      // inject writes numbers and booleans of a query as text
      ...(options.query ? { query: options.query as Record<string, string> } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.payload ? { payload: options.payload } : {}),
    })
    return { status: res.statusCode, body: res.json() as Envelope<T>, text: res.body }
  }
  return {
    get: (path, query, headers) => call('GET', path, { query, headers }),
    post: (path, body, query, headers) => call('POST', path, { body, query, headers }),
    upload: (path, file, query, headers) => {
      const form = multipartBody([{ name: 'upload.xlsx', content: file }])
      return call('POST', path, {
        query,
        payload: form.payload,
        headers: { ...(headers ?? caller()), ...form.headers },
      })
    },
  }
}
