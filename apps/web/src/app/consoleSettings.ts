import type { ConsoleBoot } from '@xpark/contract'
import type { TenantInfo } from '@xpark/contract/schemas'
import { create } from 'zustand'
import { registerMenuNames } from '@/i18n/menuNames'
import { asConsoleSettings, asTenantInfo, fetchConsoleSettings } from '../api/auth'
import { useSettings } from '../stores/settings'

/** The data element the server writes into index.html (apps/server/src/core/http/console.ts). */
export const BOOT_ELEMENT_ID = 'xpark-boot'

interface ConsoleBootState {
  /** the park whose own domain this is; undefined: not known (the sign-in page asks), null: none */
  domainTenant: TenantInfo | null | undefined
  /** `console/settings` could not be read: the sign-in page says the API is not reachable */
  apiUnreachable: boolean
  /** the third-party sign-in buttons from the boot data; undefined: not known (the sign-in page asks) */
  providers?: { code: string; name: string }[]
}

/** What the console learnt at start besides the (persisted) settings. */
export const useConsoleBoot = create<ConsoleBootState>(() => ({
  domainTenant: undefined,
  apiUnreachable: false,
}))

/** The boot data in the page, or null when it is absent or not what the server writes. */
export function readBoot(doc: Document = document): ConsoleBoot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ConsoleBoot, unknown>> | null
    const settings = asConsoleSettings(value?.settings)
    if (!settings) return null
    const providers = Array.isArray(value?.providers)
      ? value.providers.filter(
          (p): p is { code: string; name: string } =>
            typeof p === 'object' && p !== null && typeof p.code === 'string' && typeof p.name === 'string',
        )
      : undefined
    const names = value?.menuNames
    const menuNames =
      typeof names === 'object' && names !== null
        ? Object.fromEntries(
            Object.entries(names).filter((e): e is [string, string] => typeof e[1] === 'string'),
          )
        : undefined
    return {
      settings,
      tenant: asTenantInfo(value?.tenant),
      ...(providers ? { providers } : {}),
      ...(menuNames ? { menuNames } : {}),
    }
  } catch {
    return null
  }
}

/**
 * At start: the settings the server wrote into index.html, read synchronously, so the sign-in form
 * renders at once without a request. Without them (a static host without our server), the settings
 * cached from the last visit (or the defaults) show the form while the API is asked; if it cannot be
 * read, the form stays usable and says so.
 */
export function loadConsoleSettings(doc: Document = document): Promise<void> {
  const boot = readBoot(doc)
  if (boot) {
    useSettings.getState().setConsole(boot.settings)
    // the English names of the screens the modules declare with their contracts
    if (boot.menuNames) registerMenuNames(boot.menuNames)
    useConsoleBoot.setState({ domainTenant: boot.tenant, apiUnreachable: false, providers: boot.providers })
    return Promise.resolve()
  }
  return fetchConsoleSettings().then(
    (settings) => {
      useSettings.getState().setConsole(settings)
      useConsoleBoot.setState({ apiUnreachable: false })
    },
    () => useConsoleBoot.setState({ apiUnreachable: true }),
  )
}
