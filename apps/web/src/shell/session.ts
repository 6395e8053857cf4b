import { logout as remoteLogout } from '../api/auth'
import { clearSession } from '../stores'

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
