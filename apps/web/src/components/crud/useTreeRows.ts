import { useCallback, useMemo, useState } from 'react'
import type { CrudResource } from './types'

/**
 * Rows of a tree resource: children from the list answer, or loaded one level at a time when the
 * declaration has a loader (a row that has children but none loaded yet gets `[]`, which shows the
 * expand icon).
 */
export function useTreeRows<T extends object>(resource: CrudResource<T>, records: T[]) {
  const tree = resource.tree
  const [loaded, setLoaded] = useState<Record<string, T[]>>({})
  const rowKey = (resource.rowKey ?? 'id') as keyof T
  const childrenProp = tree?.childrenProp ?? 'children'

  const rows = useMemo(() => {
    if (!tree) return records
    const hasChildren = tree.hasChildren ?? ((r: T) => Boolean((r as { hasChildren?: boolean }).hasChildren))
    const inject = (list: T[]): T[] =>
      list.map((r) => {
        const own = (r as Record<string, unknown>)[childrenProp] as T[] | undefined
        const kids = loaded[String(r[rowKey])] ?? own
        if (kids?.length) return { ...r, [childrenProp]: inject(kids) }
        if (tree.loadChildren && hasChildren(r)) return { ...r, [childrenProp]: [] }
        // no children: no expand icon
        const { [childrenProp]: _none, ...leaf } = r as Record<string, unknown>
        return leaf as T
      })
    return inject(records)
  }, [tree, records, loaded, childrenProp, rowKey])

  const onExpand = useCallback(
    (expanded: boolean, row: T) => {
      const key = String(row[rowKey])
      if (!expanded || !tree?.loadChildren || loaded[key]) return
      tree.loadChildren(row).then(
        (kids) => setLoaded((m) => ({ ...m, [key]: kids })),
        () => undefined, // the HTTP client reported it; the row stays expandable
      )
    },
    [tree, loaded, rowKey],
  )
  const reset = useCallback(() => setLoaded({}), [])

  return { rows, onExpand: tree ? onExpand : undefined, reset, childrenProp }
}
