/** A tab of the tab bar. `key` is the full route (path + query) so the same screen with other query is another tab. */
export interface Tab {
  key: string
  path: string
  label: string
  /** the screen stays mounted (hidden) while another tab is shown */
  keepAlive: boolean
}

export const HOME_PATH = '/wel/index'
export const PROFILE_PATH = '/info/index'

/** Pages outside the menu tree and the i18n key of their tab label. */
export const PAGE_LABEL_KEYS: Record<string, string> = { [PROFILE_PATH]: 'user.profile' }

/** The first tab (spec: label 首页; the tab bar translates it). */
export function homeTab(): Tab {
  return { key: HOME_PATH, path: HOME_PATH, label: '首页', keepAlive: true }
}

export const isHome = (tab: Tab) => tab.key === HOME_PATH

/** Home first, always present, once. */
function normalise(tabs: Tab[]): Tab[] {
  const home = tabs.find(isHome) ?? homeTab()
  return [home, ...tabs.filter((t) => !isHome(t))]
}

/** Open (or re-open) a tab; an existing tab with the same key is refreshed in place, not duplicated. */
export function addTab(tabs: Tab[], tab: Tab): Tab[] {
  const list = normalise(tabs)
  const at = list.findIndex((t) => t.key === tab.key)
  if (at === -1) return [...list, tab]
  return list.map((t, i) => (i === at ? { ...t, label: tab.label, keepAlive: tab.keepAlive } : t))
}

/** The home tab is never closable; other tabs are closable when more than one tab is open. */
export function isClosable(tab: Tab, tabs: Tab[]): boolean {
  return !isHome(tab) && tabs.length > 1
}

/** Close one tab; returns the new list and the key to show next when the closed tab was active. */
export function closeTab(tabs: Tab[], key: string, activeKey: string): { tabs: Tab[]; activeKey: string } {
  const at = tabs.findIndex((t) => t.key === key)
  const tab = tabs[at]
  if (!tab || !isClosable(tab, tabs)) return { tabs, activeKey }
  const next = tabs.filter((t) => t.key !== key)
  if (key !== activeKey) return { tabs: next, activeKey }
  const neighbour = next[Math.min(at, next.length - 1)] ?? next[0]
  return { tabs: next, activeKey: neighbour?.key ?? HOME_PATH }
}

/** Close others keeps the current tab and home. */
export function closeOthers(tabs: Tab[], currentKey: string): Tab[] {
  return normalise(tabs.filter((t) => isHome(t) || t.key === currentKey))
}

/** Close all leaves only home. */
export function closeAll(tabs: Tab[]): Tab[] {
  return normalise(tabs.filter(isHome))
}

/** Keep-alive tabs that stay mounted: the active one plus the most recently used, up to `cap`. */
export function aliveKeys(tabs: Tab[], recent: string[], activeKey: string, cap: number): string[] {
  const cached = new Set(tabs.filter((t) => t.keepAlive).map((t) => t.key))
  const order = [activeKey, ...recent.filter((k) => k !== activeKey)]
  return order.filter((k) => k === activeKey || cached.has(k)).slice(0, cap)
}
