import { useLock } from './lock'
import { useSession } from './session'
import { useTabs } from './tabs'

/** Logout or forced logout (spec §4): clear token, menus, permissions, tabs and lock. */
export function clearSession(): void {
  useSession.getState().clear()
  useTabs.getState().reset()
  useLock.getState().clear()
}
