import { defineMessages, featureT, useMessages } from '@/i18n'
import { en } from './i18n.en'
import { zh } from './i18n.zh'

/**
 * The system screens' texts (users, organisation, roles, menus, dictionaries, tenants…), in Chinese
 * and English (i18n.zh.ts, i18n.en.ts): registered when the feature's chunk loads.
 */
export const messages = defineMessages({ 'zh-CN': zh, 'en-US': en })

/** `t` over the central keys and this feature's. */
export const useSystemT = () => useMessages<typeof messages>()

export type SystemKey = Parameters<ReturnType<typeof useSystemT>>[0]

/** `t` outside components. */
export const tSystem = featureT(messages)
