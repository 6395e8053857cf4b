import { refreshToken, logout as remoteLogout } from '../api/auth'
import { clearSession } from '../stores'
import { useSession } from '../stores/session'
import { useTabs } from '../stores/tabs'

/**
 * Sign out: tell the server (revokes the token), then clear token, menus, permissions, tabs and lock
 * whatever the server answered.
 */
export async function signOut(): Promise<void> {
  try {
    await remoteLogout()
  } catch {
    // a dead token still signs out locally
  } finally {
    clearSession()
  }
}

/**
 * Switch tenant (spec 01 §4): the refresh grant with the target tenant replaces the tokens, the
 * new tenant's session starts with no tabs, and the page reloads to load its menus.
 */
export async function switchTenant(tenantId: string): Promise<void> {
  const reply = await refreshToken(useSession.getState().refreshToken, tenantId)
  useSession.getState().startSession(reply)
  useTabs.getState().reset()
  window.location.reload()
}
