import { Suspense, useLayoutEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpin } from '../components/PageSpin'
import { website } from '../config'
import { clearSession } from '../stores'
import { useLock } from '../stores/lock'
import { useSession } from '../stores/session'
import { guard } from './guard'

/** A token may come in the hash query (`#/x?token=`) or before the hash (`/?token=#/x`). */
function readQueryToken(search: string): string | null {
  return new URLSearchParams(search).get('token') ?? new URLSearchParams(window.location.search).get('token')
}

function withoutToken(pathname: string, search: string): string {
  const q = new URLSearchParams(search)
  q.delete('token')
  const rest = q.toString()
  return `${pathname}${rest ? `?${rest}` : ''}`
}

/** Root route element: applies the navigation rules before any page renders. */
export function RootGuard() {
  const location = useLocation()
  const token = useSession((s) => s.token)
  const isLock = useLock((s) => s.isLock)
  const decision = guard({
    path: location.pathname,
    token,
    isLock,
    queryToken: readQueryToken(location.search),
  })

  const adopted = decision.kind === 'adoptToken' ? decision.token : null
  // a layout effect runs before <Navigate>'s effect, so the next route already sees the session
  useLayoutEffect(() => {
    if (decision.kind !== 'adoptToken' && decision.kind !== 'logout') return
    if (adopted !== null) useSession.getState().setQueryToken(adopted)
    else clearSession()
    // drop a token that came before the hash so it is not adopted again
    if (new URLSearchParams(window.location.search).has('token')) {
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`)
    }
  }, [decision.kind, adopted])

  if (decision.kind === 'adoptToken')
    return <Navigate to={withoutToken(location.pathname, location.search)} replace />
  if (decision.kind === 'logout') return <Navigate to={website.loginPage} replace />
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  return (
    <Suspense fallback={<PageSpin />}>
      <Outlet />
    </Suspense>
  )
}
