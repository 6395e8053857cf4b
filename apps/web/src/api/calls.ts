import type { CallContract, CallParams, CallReply } from '@xpark/contract/calls'
import { getData, postData } from './http'
import type { Query } from './httpCore'

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

/** Call a declared route and answer its reply's data. */
export function callApi<C extends CallContract>(call: C, ...args: Args<C>): Promise<CallReply<C>> {
  const [params] = args as [unknown]
  if (call.method === 'GET') return getData<CallReply<C>>(call.path, asQuery(params))
  if (call.in === 'query') return postData<CallReply<C>>(call.path, asQuery(params))
  return postData<CallReply<C>>(call.path, undefined, params ?? {})
}
