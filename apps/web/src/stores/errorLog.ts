import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { website } from '../config'
import { localJson, storeKey } from './storage'

export interface ErrorLogEntry {
  /** 'error' (window error), 'promise' (unhandled rejection) or 'request' (failed HTTP call) */
  type: string
  url: string
  message: string
  stack: string
  info: string
  time: string
}

interface ErrorLogState {
  logs: ErrorLogEntry[]
  add: (entry: Omit<ErrorLogEntry, 'time'> & { time?: string }) => void
  clear: () => void
}

const now = () => {
  const d = new Date()
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set) => ({
      logs: [],
      // newest first, capped so a failing poll cannot fill localStorage
      add: (entry) =>
        set((s) => ({
          logs: [{ ...entry, time: entry.time ?? now() }, ...s.logs].slice(0, website.errorLogCap),
        })),
      clear: () => set({ logs: [] }),
    }),
    { name: storeKey('logs'), storage: localJson },
  ),
)

/** Collect front-end runtime errors (spec: swallowed for the user, but kept in the log). */
export function installErrorCollector(target: Window = window): () => void {
  const onError = (e: ErrorEvent) =>
    useErrorLog.getState().add({
      type: 'error',
      url: target.location.href,
      message: e.message || String(e.error),
      stack: e.error instanceof Error ? (e.error.stack ?? '') : '',
      info: e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : '',
    })
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason = e.reason
    // failed requests are logged by the HTTP client already
    if (reason instanceof Error && reason.name === 'HttpError') return
    useErrorLog.getState().add({
      type: 'promise',
      url: target.location.href,
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? (reason.stack ?? '') : '',
      info: 'unhandledrejection',
    })
  }
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
