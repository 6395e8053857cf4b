import type { ComponentType } from 'react'

/**
 * A list's view as a saved report keeps it: the search values and drawer conditions (`filters`) and
 * the columns shown, in order. Opening it (`?report=<id>` in the address) runs the list again as the
 * opener, under their data scope. The reports feature fills the slot (its `savedViews`); without it a
 * list has no 保存为报表.
 */
export interface SavedView {
  filters?: Record<string, unknown>
  columns?: string[]
  chart?: Record<string, unknown>
}

export interface SavedViewSlot {
  /** the toolbar's control that saves the screen's current view under its path */
  Save: ComponentType<{ path: string; view: SavedView }>
  /** the view saved as `id` */
  load: (id: string) => Promise<SavedView>
}

let slot: SavedViewSlot | undefined

export function setSavedViews(filled: SavedViewSlot | undefined): void {
  slot = filled
}

export function savedViews(): SavedViewSlot | undefined {
  return slot
}

/** What a saved list keeps of the search form: plain values only (a date range's pickers are not kept). */
export function plainValues(values: Record<string, unknown>): Record<string, unknown> {
  const plain = (v: unknown): boolean =>
    v === null || ['string', 'number', 'boolean'].includes(typeof v) || (Array.isArray(v) && v.every(plain))
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && plain(v)))
}
