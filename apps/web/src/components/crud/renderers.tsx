import type { ReactNode } from 'react'
import type { CrudOption } from './types'

/** Renders a dictionary-coded value; the dictionary module plugs its `DictTag` in here. */
export type DictRenderer = (code: string, value: unknown) => ReactNode

let dictRenderer: DictRenderer = (_code, value) =>
  value === undefined || value === null ? '' : String(value)

/** Register the dictionary renderer (e.g. `setDictRenderer((code, v) => <DictTag code={code} value={v} />)`). */
export function setDictRenderer(renderer: DictRenderer): () => void {
  const previous = dictRenderer
  dictRenderer = renderer
  return () => {
    dictRenderer = previous
  }
}

export const renderDict: DictRenderer = (code, value) => dictRenderer(code, value)

/** The label of a select value, else the value itself. */
export function optionLabel(options: CrudOption[], value: unknown, t: (s: string) => string): ReactNode {
  const hit = options.find((o) => o.value === value)
  if (hit) return t(hit.label)
  return value === undefined || value === null ? '' : String(value)
}
