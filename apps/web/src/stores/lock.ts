import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { sha256Hex } from './sha256'
import { sessionJson, storeKey } from './storage'

interface LockState {
  isLock: boolean
  /** SHA-256 of the lock password: the plain text is never stored */
  lockHash: string
  lock: (password: string) => void
  /** true when the password matches and the screen is unlocked */
  unlock: (password: string) => boolean
  clear: () => void
}

/** Screen lock, kept in sessionStorage (spec §4) so it ends with the browser tab. */
export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      isLock: false,
      lockHash: '',
      lock: (password) => set({ isLock: true, lockHash: sha256Hex(password) }),
      unlock: (password) => {
        if (sha256Hex(password) !== get().lockHash) return false
        set({ isLock: false, lockHash: '' })
        return true
      },
      clear: () => set({ isLock: false, lockHash: '' }),
    }),
    { name: storeKey('lock'), storage: sessionJson },
  ),
)
