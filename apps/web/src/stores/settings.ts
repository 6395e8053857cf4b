import type { ConsoleSettings } from '@xpark/contract'
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { website } from '../config'
import { localJson, storeKey } from './storage'

export type Language = 'zh-CN' | 'en-US'

interface SettingsState {
  themeName: string
  colorName: string
  language: Language
  collapsed: boolean
  /** '' = the fixed Home top menu item */
  topMenuId: string
  /** last `console/settings` reply, kept so a reload can sign requests before it answers again */
  console: ConsoleSettings
  setTheme: (themeName: string) => void
  setColor: (colorName: string) => void
  setLanguage: (language: Language) => void
  setCollapsed: (collapsed: boolean) => void
  setTopMenuId: (id: string) => void
  setConsole: (console: ConsoleSettings) => void
}

export const defaultConsoleSettings: ConsoleSettings = {
  tenantMode: true,
  captchaMode: true,
  tokenTime: website.defaultTokenTime,
  tenantId: '',
  clientId: 'saber',
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      themeName: website.defaultTheme,
      colorName: website.defaultColor,
      language: 'zh-CN',
      collapsed: false,
      topMenuId: '',
      console: defaultConsoleSettings,
      setTheme: (themeName) => set({ themeName }),
      setColor: (colorName) => set({ colorName }),
      setLanguage: (language) => set({ language }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setTopMenuId: (topMenuId) => set({ topMenuId }),
      setConsole: (console) => set({ console }),
    }),
    { name: storeKey('settings'), storage: localJson },
  ),
)
