import { createJSONStorage } from 'zustand/middleware'
import { website } from '../config'

/** Every persisted key carries the console prefix so several consoles can share an origin. */
export const storeKey = (name: string) => `${website.storagePrefix}${name}`

export const localJson = createJSONStorage(() => localStorage)
export const sessionJson = createJSONStorage(() => sessionStorage)
