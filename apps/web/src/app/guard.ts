import { isLinkPath, isPublicPath, website } from '../config'

export interface GuardInput {
  path: string
  /** token stored in the session ('' when signed out) */
  token: string
  isLock: boolean
  /** value of a `token` query parameter, null when absent */
  queryToken: string | null
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** store the token from the query, then drop it from the address */
  | { kind: 'adoptToken'; token: string }
  /** local logout, then /login */
  | { kind: 'logout' }

/** Navigation rules of spec 01 §2, as a pure function. */
export function guard({ path, token, isLock, queryToken }: GuardInput): GuardDecision {
  // a big screen's `token` is its link's token (issue 32): never adopted as a session
  if (queryToken !== null && !isLinkPath(path))
    return queryToken.trim() ? { kind: 'adoptToken', token: queryToken } : { kind: 'logout' }
  if (!token) return isPublicPath(path) ? { kind: 'allow' } : { kind: 'redirect', to: website.loginPage }
  if (isLock && path !== website.lockPage) return { kind: 'redirect', to: website.lockPage }
  if (path === website.loginPage) return { kind: 'redirect', to: '/' }
  return { kind: 'allow' }
}
