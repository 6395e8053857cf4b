import { queryOptions } from '@tanstack/react-query'
import { homeConfigListCall, homeConfigSubmitCall, myHomeCardsCall } from '@xpark/contract/modules/message'
import { callApi } from '@/api/calls'
import type { HomeCard } from '@/components/kit'
import { homeCards } from '@/components/kit'

const KEY = ['home-page-config'] as const

/** The caller's cards (null: none of its roles is configured, the defaults show). */
export const myCardsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'mine'],
    queryFn: () => callApi(myHomeCardsCall),
    staleTime: 60_000,
  })

export const roleCardsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'list'],
    queryFn: () => callApi(homeConfigListCall),
  })

export const saveRoleCards = (roleId: string, cards: string[]) =>
  callApi(homeConfigSubmitCall, { roleId, cards })

export const HOME_CONFIG_KEY = KEY

/** The cards to show: the configured keys the console knows, in their order; else the defaults. */
export function cardsToShow(configured: readonly string[] | null | undefined): [string, HomeCard][] {
  const all = homeCards()
  if (!configured) return all.filter(([, c]) => c.byDefault)
  const known = new Map(all)
  return configured.flatMap((key) => {
    const card = known.get(key)
    return card ? [[key, card] as [string, HomeCard]] : []
  })
}
