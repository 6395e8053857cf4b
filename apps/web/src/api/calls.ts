import type { Page, R } from '@xpark/contract'
import type { CallContract, CallParams, CallReply } from '@xpark/contract/calls'
import { type ResourceContract, routeUrl } from '@xpark/contract/kit'
import type { z } from 'zod'
import { getData, http, postData } from './http'
import type { Query } from './httpCore'
import { downloadFile, uploadFile } from './transfer'

/**
 * The typed client of the declared hand-written routes (`@xpark/contract/calls`): the path, method
 * and where the parameters go come from the declaration the server registers, and the parameters and
 * the reply are typed by its schemas. Screens call `callApi(refundOrder, { … })`, never a path.
 * Only types are imported from the contract here: a call's declaration travels with the feature that
 * uses it, so nothing of zod reaches the sign-in chunk through this file.
 */

type Args<C> = CallParams<C> extends undefined ? [] : [params: CallParams<C>]

/** A parameter object as a query string takes it (lists joined by commas, as BladeX clients send them). */
function asQuery(params: unknown): Query | undefined {
  if (!params || typeof params !== 'object') return undefined
  const out: Query = {}
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined) continue
    out[key] = Array.isArray(value) ? value.join(',') : (value as Query[string])
  }
  return out
}

/**
 * The path with its named parameters filled in (`…/list/:startTime/:endTime`), and the parameters
 * left to send in the query or the body. The first segment may be one too (`:partner/statisticList`).
 */
export function placed(path: string, params: unknown): { path: string; rest: unknown } {
  if (!path.startsWith(':') && !path.includes('/:')) return { path, rest: params }
  const rest: Record<string, unknown> = { ...(params as Record<string, unknown> | undefined) }
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment
      const name = segment.slice(1)
      const value = rest[name]
      if (value === undefined || value === null || value === '')
        throw new Error(`${path}: the path needs ${name}`)
      delete rest[name]
      return encodeURIComponent(String(value))
    })
    .join('/')
  return { path: filled, rest }
}

/** Call a declared route and answer its reply's data. */
export function callApi<C extends CallContract>(call: C, ...args: Args<C>): Promise<CallReply<C>> {
  if (!call.reply || call.upload)
    throw new Error(`${call.path} answers a file or takes one: downloadCall / uploadCall`)
  const { path, rest: params } = placed(call.path, (args as [unknown])[0])
  // a bare reply (the OAuth endpoints) is not wrapped in BladeX's envelope: it is the data itself
  if (call.bare)
    return call.method === 'GET'
      ? http.get<CallReply<C>>(path, asQuery(params))
      : call.in === 'query'
        ? http.post<CallReply<C>>(path, asQuery(params))
        : http.post<CallReply<C>>(path, undefined, params ?? {})
  if (call.method === 'GET') return getData<CallReply<C>>(path, asQuery(params))
  if (call.method === 'DELETE')
    return http
      .request<R<CallReply<C>>>(path, { method: 'DELETE', params: asQuery(params) })
      .then((r) => r.data)
  if (call.in === 'query') return postData<CallReply<C>>(path, asQuery(params))
  return postData<CallReply<C>>(path, undefined, params ?? {})
}

/**
 * A page of a kit resource's rows (its `page` route, else its `list`), filters and paging as query
 * parameters: what a screen beside the resource's own CrudPage reads (the duties to swap with).
 */
export function pageOfRows<C extends ResourceContract>(
  contract: C,
  query: Query = {},
): Promise<Page<z.output<C['row']>>> {
  const route = contract.resolved.page ?? contract.resolved.list
  if (!route) throw new Error(`${contract.path} answers no page`)
  return getData(routeUrl(contract, route), query)
}

/** A kit resource's row by its id (its `detail` route and id parameter). */
export function rowOfResource<C extends ResourceContract>(
  contract: C,
  id: string,
): Promise<z.output<C['row']>> {
  const route = contract.resolved.detail
  if (!route) throw new Error(`${contract.path} answers no detail`)
  return getData(routeUrl(contract, route), { [route.idParam]: id })
}

/** A kit resource's write (its `submit`: a new row without `id`, a change with one). */
export function submitToResource<C extends ResourceContract>(
  contract: C,
  body: z.input<C['form']> & { id?: string },
): Promise<unknown> {
  const route = contract.resolved.submit
  if (!route) throw new Error(`${contract.path} answers no submit`)
  return postData(routeUrl(contract, route), undefined, body)
}

/** Save what a declared file route answers (an export) under the server's file name. */
export function downloadCall<C extends CallContract>(
  call: C,
  params?: CallParams<C>,
  fallbackName = 'download.xlsx',
): Promise<string> {
  const { path, rest } = placed(call.path, params)
  if (call.method === 'GET' || call.in === 'query') return downloadFile(path, asQuery(rest), fallbackName)
  return downloadFile(path, undefined, fallbackName, rest ?? {})
}

/** Upload a file to a declared upload route (multipart field `file`, parameters in the query). */
export function uploadCall<C extends CallContract>(
  call: C,
  file: Blob,
  params?: CallParams<C>,
): Promise<CallReply<C>> {
  return uploadFile<CallReply<C>>(call.path, file, asQuery(params))
}
