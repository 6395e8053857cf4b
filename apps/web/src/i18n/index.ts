import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { type Language, useSettings } from '../stores/settings'
import { enUS } from './en-US'
import { zhCN } from './zh-CN'

// Keys contain dots and colons as plain text ('password needs at least 3 of: …'): no separators.
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: useSettings.getState().language,
  fallbackLng: 'zh-CN',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
})

export const languages: { key: Language; label: string }[] = [
  { key: 'zh-CN', label: '中文' },
  { key: 'en-US', label: 'English' },
]

/** Switch language and remember it (spec: default zh, kept locally). */
export function changeLanguage(language: Language): void {
  useSettings.getState().setLanguage(language)
  void i18n.changeLanguage(language)
  document.documentElement.lang = language
}

export type MessageKey = keyof typeof zhCN

export default i18n
