import type { ComponentType } from 'react'
import { setSavedViews } from '@/components/crud/savedViews'
import type { FeatureSlots, HomeCard } from './screens'

/**
 * The slots the features fill (their manifests' `slots`), registered once by the composition root
 * (app/registry.ts). The shell and the home page read them here, so neither imports a feature.
 */
let filled: readonly { slots?: FeatureSlots }[] = []

export function registerSlots(features: readonly { slots?: FeatureSlots }[]): void {
  filled = features
  // the lists read it from the kit's own registry (the kit does not import the features)
  setSavedViews(features.find((f) => f.slots?.savedViews)?.slots?.savedViews)
}

/** The top bar's controls from every feature, in the features' order. */
export function topBarItems(): ComponentType[] {
  return filled.flatMap((f) => [...(f.slots?.topBar ?? [])])
}

/** Every home card by key, sorted by `sort`. */
export function homeCards(): [string, HomeCard][] {
  return filled
    .flatMap((f) => Object.entries(f.slots?.homeCards ?? {}))
    .sort(([, a], [, b]) => (a.sort ?? 100) - (b.sort ?? 100))
}
