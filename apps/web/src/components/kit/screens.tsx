import { type ComponentType, lazy } from 'react'
import type { SavedViewSlot } from '@/components/crud/savedViews'
import type { CrudResource } from '@/components/crud/types'
import type { DashboardDeclaration } from './Dashboard'
import type { TreeListDeclaration } from './treeListDeclaration'

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
  /** what the feature puts into the shell's slots (components/kit/slots.ts); lazily loaded components */
  slots?: FeatureSlots
}

/** A card the home page (`/wel/index`) can show; the home page configuration picks them per role. */
export interface HomeCard {
  /** i18n key of the card's title (also its name in the configuration screen) */
  title: string
  component: ComponentType
  /** shown when the caller's roles have no configuration */
  byDefault?: boolean
  /** order among the defaults and in the configuration screen */
  sort?: number
}

/**
 * The shell's places a feature fills without the shell importing it: the top bar's controls (the
 * message centre's bell), the home page's cards by key (`unreadMessages`, `latestNotices`…).
 */
export interface FeatureSlots {
  topBar?: readonly ComponentType[]
  homeCards?: Readonly<Record<string, HomeCard>>
  /** saving a list's view and opening it again (the reports' 保存为报表; one feature fills it) */
  savedViews?: SavedViewSlot
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

/**
 * The list screens of a feature's `screens/` folder by their paths: `screens/<segment>.tsx` is the
 * screen of `<base>/<segment>` (the path its contract's `screen` declares), its default export a
 * CrudResource. A screen added there needs no line in the feature's manifest.
 */
export function contractScreens(
  files: Record<string, () => Promise<unknown>>,
  base: string,
): Record<string, ComponentType> {
  return Object.fromEntries(
    Object.entries(files).map(([file, load]) => [
      `${base}/${file.replace(/^.*\/|\.tsx$/g, '')}`,
      crudScreen(load as Loader<CrudResource<object>>),
    ]),
  )
}

/** A tree beside a list (a classification and its goods, a region and its children, a dictionary and its entries). */
export function treeListScreen<T extends object, P extends object = object>(
  load: Loader<TreeListDeclaration<T, P>>,
): ComponentType {
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
