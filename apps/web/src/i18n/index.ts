import i18n from 'i18next'
import { useCallback } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
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

/** A module's messages in both languages (the same keys in each). */
export interface ModuleMessages {
  'zh-CN': Record<string, string>
  'en-US': Record<string, string>
}

/**
 * Add a module's messages: its declaration chunk calls this when it loads, so a module's texts travel
 * with its screens and not in the sign-in chunk.
 */
export function registerMessages(messages: ModuleMessages): void {
  for (const [language, texts] of Object.entries(messages)) i18n.addResources(language, 'translation', texts)
}

/**
 * A feature's messages: registered when its chunk loads (the feature's `i18n.ts` imports this), the
 * same keys in both languages. Its `t` (`useMessages<typeof messages>()`) takes these keys and the
 * central ones, type-checked.
 */
export function defineMessages<const Z extends Record<string, string>>(messages: {
  'zh-CN': Z
  'en-US': { [K in keyof Z]: string }
}): { 'zh-CN': Z; 'en-US': { [K in keyof Z]: string } } {
  registerMessages(messages)
  return messages
}

/** `t` over the central keys and a feature's own (`K`). */
export type FeatureT<K extends string> = (key: MessageKey | K, values?: Record<string, unknown>) => string

/** A feature's typed `t`: `useMessages<typeof messages>()` with `messages` from `defineMessages`. */
export function useMessages<M extends { 'zh-CN': Record<string, string> }>(): FeatureT<
  Extract<keyof M['zh-CN'], string>
> {
  const { t } = useTranslation()
  return useCallback(
    (key: string, values?: Record<string, unknown>) =>
      String(values ? t(key as MessageKey, values as never) : t(key as MessageKey)),
    [t],
  )
}

/** The same `t` outside components (validators, cell texts): the language of the moment. */
export function featureT<M extends { 'zh-CN': Record<string, string> }>(
  _messages: M,
): FeatureT<Extract<keyof M['zh-CN'], string>> {
  return (key, values) =>
    String(values ? i18n.t(key as MessageKey, values as never) : i18n.t(key as MessageKey))
}
