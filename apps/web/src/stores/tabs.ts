import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { localJson, storeKey } from './storage'
import { addTab, closeAll, closeOthers, closeTab, HOME_PATH, homeTab, type Tab } from './tabRules'

interface TabsState {
  tabs: Tab[]
  activeKey: string
  /** most recently shown first: decides which keep-alive tabs survive the cap */
  recent: string[]
  open: (tab: Tab) => void
  /** returns the key to navigate to */
  close: (key: string) => string
  closeOthers: () => void
  closeAll: () => void
  reset: () => void
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [homeTab()],
      activeKey: HOME_PATH,
      recent: [HOME_PATH],
      open: (tab) =>
        set((s) => ({
          tabs: addTab(s.tabs, tab),
          activeKey: tab.key,
          recent: [tab.key, ...s.recent.filter((k) => k !== tab.key)].slice(0, 50),
        })),
      close: (key) => {
        const s = get()
        const next = closeTab(s.tabs, key, s.activeKey)
        set({ tabs: next.tabs, activeKey: next.activeKey, recent: s.recent.filter((k) => k !== key) })
        return next.activeKey
      },
      closeOthers: () => set((s) => ({ tabs: closeOthers(s.tabs, s.activeKey) })),
      closeAll: () => set((s) => ({ tabs: closeAll(s.tabs), activeKey: HOME_PATH })),
      reset: () => set({ tabs: [homeTab()], activeKey: HOME_PATH, recent: [HOME_PATH] }),
    }),
    { name: storeKey('tags'), storage: localJson },
  ),
)
