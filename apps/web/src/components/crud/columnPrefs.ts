import { useCallback, useMemo, useState } from 'react'
import { useSession } from '@/stores/session'
import { storeKey } from '@/stores/storage'

/** The user's column choices for one resource: order of props and the hidden ones. */
export interface ColumnPrefs {
  order: string[]
  hidden: string[]
}

export const prefsKey = (userId: string, path: string) =>
  storeKey(`crud-columns:${userId || 'anonymous'}:${path}`)

function read(key: string): ColumnPrefs | null {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as ColumnPrefs | null
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null
  } catch {
    return null
  }
}

/** Declared order with the user's order applied; columns added since keep their declared place at the end. */
export function applyOrder(props: string[], order: string[]): string[] {
  const known = order.filter((p) => props.includes(p))
  return [...known, ...props.filter((p) => !known.includes(p))]
}

/**
 * Column show/hide and order, kept per user and resource in localStorage. Written when the user
 * changes them (no effect), read once per mount. Pass stable `props` / `hiddenByDefault` arrays.
 */
export function useColumnPrefs(path: string, props: string[], hiddenByDefault: string[]) {
  const userId = useSession((s) => s.userInfo?.id ?? '')
  const key = prefsKey(userId, path)
  const [state, setState] = useState<{ key: string; prefs: ColumnPrefs | null }>(() => ({
    key,
    prefs: read(key),
  }))
  // another user signed in on the same mounted screen: read their choices
  const prefs = state.key === key ? state.prefs : read(key)
  const order = useMemo(() => applyOrder(props, prefs?.order ?? []), [props, prefs])
  const hidden = useMemo(() => new Set(prefs?.hidden ?? hiddenByDefault), [prefs, hiddenByDefault])

  const save = useCallback(
    (next: ColumnPrefs | null) => {
      if (next) localStorage.setItem(key, JSON.stringify(next))
      else localStorage.removeItem(key)
      setState({ key, prefs: next })
    },
    [key],
  )
  return { order, hidden, save }
}
