import { useQueryClient } from '@tanstack/react-query'
import type { CallContract } from '@xpark/contract/calls'
import { useEffect } from 'react'
import { openEventStream } from '@/api/eventStream'
import { useSession } from '@/stores/session'
import { invalidateResource } from './query'

/** Reloads come at most this often however many changes arrive (10,000 machines may flap at once). */
export const LIVE_RELOAD_MS = 1_000

/**
 * A live list (contract `live`): while the screen is open, the resource's stream of its tenant topic;
 * a change (machines going on or off line) reloads the resource's lists, at most once a second, and a
 * reconnection reloads them too (what changed while the stream was down).
 */
export function useLiveList(live: CallContract | undefined, code: string): void {
  const client = useQueryClient()
  const token = useSession((s) => s.token)
  useEffect(() => {
    if (!live || !token) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const reload = () => {
      if (timer) return
      timer = setTimeout(() => {
        timer = undefined
        void invalidateResource(client, code)
      }, LIVE_RELOAD_MS)
    }
    let first = true
    const close = openEventStream(live, reload, {
      onOpen: () => {
        if (!first) reload()
        first = false
      },
    })
    return () => {
      clearTimeout(timer)
      close()
    }
  }, [live, code, client, token])
}
