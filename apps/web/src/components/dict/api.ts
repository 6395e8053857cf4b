import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { dictCalls } from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'

/** Lookups change rarely: a screen full of DictSelects and DictTags asks the server once per code. */
export const DICT_STALE_MS = 5 * 60_000

const kindOf = (biz: boolean) => (biz ? 'dict-biz' : 'dict')

/**
 * The entries of one dictionary code, system (`dict`) or business (`dict-biz`). The declaration is
 * the system contracts' (zod), which the shell loads anyway after sign-in (for the user's own calls).
 */
export const fetchDictionary = (code: string, biz = false) =>
  callApi(dictCalls[kindOf(biz)].dictionary, { code })

/** One query per (kind, code), shared by every DictSelect and DictTag of that code. */
export const dictionaryQuery = (code: string, biz = false) =>
  queryOptions({
    queryKey: ['blade-system', kindOf(biz), 'dictionary', code],
    queryFn: () => fetchDictionary(code, biz),
    staleTime: DICT_STALE_MS,
  })

/** After a dictionary screen writes: every cached lookup of that kind is read again. */
export const invalidateDictionaries = (client: QueryClient, biz = false) =>
  client.invalidateQueries({ queryKey: ['blade-system', kindOf(biz), 'dictionary'] })
