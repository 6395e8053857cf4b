import type { MenuNode, TokenReply, UserInfo } from '@xpark/contract'
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { localJson, storeKey } from './storage'

export interface SessionState {
  token: string
  refreshToken: string
  /** when the token was stored (ms since epoch): the refresh timer measures its age from here */
  tokenStoredAt: number
  tenantId: string
  /** changes when a new sign-in starts (not on refresh): per-session caches key on it */
  sessionKey: number
  userInfo: UserInfo | null
  /** sidebar tree of the selected top menu, cached so a reload paints at once */
  menu: MenuNode[]
  /** button permission codes, `{ param_add: true }` */
  permission: Record<string, boolean>
  /** a successful sign-in: new tokens, and nothing left over from a previous user */
  startSession: (reply: TokenPair) => void
  /** a refresh: the rotated pair replaces the old one, the session goes on */
  setTokens: (reply: TokenPair) => void
  /** a token handed over in a query parameter (spec §2) */
  setQueryToken: (token: string) => void
  setUserInfo: (info: UserInfo) => void
  setMenu: (menu: MenuNode[]) => void
  setPermission: (permission: Record<string, boolean>) => void
  clear: () => void
}

type TokenPair = Pick<TokenReply, 'access_token' | 'refresh_token' | 'tenant_id'>

const empty = {
  token: '',
  refreshToken: '',
  tokenStoredAt: 0,
  tenantId: '',
  sessionKey: 0,
  userInfo: null,
  menu: [],
  permission: {},
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      startSession: (reply) =>
        set({
          ...empty,
          token: reply.access_token,
          refreshToken: reply.refresh_token,
          tenantId: reply.tenant_id,
          tokenStoredAt: Date.now(),
          sessionKey: Date.now(),
        }),
      setTokens: (reply) =>
        set({
          token: reply.access_token,
          refreshToken: reply.refresh_token,
          tenantId: reply.tenant_id,
          tokenStoredAt: Date.now(),
        }),
      setQueryToken: (token) => set({ ...empty, token, tokenStoredAt: Date.now(), sessionKey: Date.now() }),
      setUserInfo: (userInfo) => set({ userInfo }),
      setMenu: (menu) => set({ menu }),
      setPermission: (permission) => set({ permission }),
      clear: () => set(empty),
    }),
    { name: storeKey('session'), storage: localJson },
  ),
)

/** refine-style `can`: button codes come from `menu/buttons`, never from the bundle. */
export function usePermission(code: string): boolean {
  return useSession((s) => s.permission[code] === true)
}
