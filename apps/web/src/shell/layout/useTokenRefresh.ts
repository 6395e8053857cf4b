import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { refreshToken } from '../../api/auth'
import { createTokenRefresher } from '../../app/tokenRefresh'
import { website } from '../../config'
import { clearSession } from '../../stores'
import { useSession } from '../../stores/session'
import { useSettings } from '../../stores/settings'

/** Runs the refresh check while the shell is mounted (signed-in pages only). */
export function useTokenRefresh(): void {
  const navigate = useNavigate()
  useEffect(() => {
    const refresher = createTokenRefresher({
      intervalMs: website.refreshCheckMs,
      now: Date.now,
      // a token adopted from a query parameter has no refresh token: it simply lives out its life
      getToken: () => useSession.getState().refreshToken,
      getStoredAt: () => useSession.getState().tokenStoredAt,
      getTokenTime: () => useSettings.getState().console.tokenTime || website.defaultTokenTime,
      refresh: async () => {
        const { refreshToken: refresh, tenantId, setTokens } = useSession.getState()
        setTokens(await refreshToken(refresh, tenantId))
      },
      onFailure: () => {
        clearSession()
        navigate(website.loginPage, { replace: true })
      },
    })
    refresher.start()
    refresher.check()
    return () => refresher.stop()
  }, [navigate])
}
