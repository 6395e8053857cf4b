import { type ComponentType, lazy } from 'react'
import type { CrudResource } from '@/components/crud/types'
import type { DashboardDeclaration } from './Dashboard'
import type { TreeListDeclaration } from './TreeListPage'

/**
 * A feature is one folder of declarations: its `index.ts` exports one manifest (its screens by menu
 * path, lazily loaded, and the English names of the menus it seeds); the app loops over the list of
 * features in `app/features.ts`. A screen is a declaration module whose default export a layout
 * renders: no page file per screen. See docs/modules.md.
 *
 * This file is part of the first chunk (the route table reads the manifests): it imports the layouts
 * only when a screen is opened, never before.
 */

export interface FeatureManifest {
  name: string
  /** menu path → screen (lazily loaded) */
  screens: Record<string, ComponentType>
  /** route path → a page of its own, outside the console frame (`/pay`), lazily loaded */
  pages?: Record<string, ComponentType>
  /** English names of the menus the module seeds, by menu code (the Chinese ones are the data) */
  menuNames?: Readonly<Record<string, string>>
}

export function defineFeature(manifest: FeatureManifest): FeatureManifest {
  return manifest
}

type Loader<D> = () => Promise<{ default: D }>

/** A list screen: the module's default export is a CrudResource (usually `fromContract(…)`). */
export function crudScreen<T extends object>(load: Loader<CrudResource<T>>): ComponentType {
  return lazy(async () => {
    const [{ CrudPage }, declaration] = await Promise.all([import('@/components/crud/CrudPage'), load()])
    const resource = declaration.default
    return { default: () => <CrudPage resource={resource} /> }
  })
}

/** A tree beside a list (a classification and its goods, a type and its listings). */
export function treeListScreen<T extends object>(load: Loader<TreeListDeclaration<T>>): ComponentType {
  return lazy(async () => {
    const [{ TreeListPage }, declaration] = await Promise.all([import('./TreeListPage'), load()])
    const screen = declaration.default
    return { default: () => <TreeListPage declaration={screen} /> }
  })
}

/** Numbers and charts (ECharts, loaded with the first chart). */
export function dashboardScreen(load: Loader<DashboardDeclaration>): ComponentType {
  return lazy(async () => {
    const [{ Dashboard }, declaration] = await Promise.all([import('./Dashboard'), load()])
    const screen = declaration.default
    return { default: () => <Dashboard declaration={screen} /> }
  })
}
