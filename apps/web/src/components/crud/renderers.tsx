import type React from 'react'
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

/** The props a dictionary input gets (search forms, dialog forms). */
export interface DictInputProps {
  code: string
  /** the field holds numbers (a status 0/1), not the dictionary's text keys */
  numeric?: boolean
  testId?: string
  disabled?: boolean
  placeholder?: string
  style?: React.CSSProperties
}
/** Renders the input of a dictionary-coded field; the dictionary module plugs its `DictSelect` in here. */
export type DictInputRenderer = (props: DictInputProps) => ReactNode

let dictInput: DictInputRenderer | null = null

/** Register the dictionary input (e.g. `setDictInput((p) => <DictSelect … />)`). */
export function setDictInput(renderer: DictInputRenderer): () => void {
  const previous = dictInput
  dictInput = renderer
  return () => {
    dictInput = previous
  }
}

/** A dictionary input, or null while none is registered (the caller falls back to a text input). */
export const renderDictInput = (props: DictInputProps): ReactNode => (dictInput ? dictInput(props) : null)

/** The label of a select value, else the value itself. */
export function optionLabel(options: CrudOption[], value: unknown, t: (s: string) => string): ReactNode {
  const hit = options.find((o) => o.value === value)
  if (hit) return t(hit.label)
  return value === undefined || value === null ? '' : String(value)
}
