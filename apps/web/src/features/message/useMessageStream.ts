import { useQueryClient } from '@tanstack/react-query'
import { MESSAGE_EVENT, messageStreamCall } from '@xpark/contract/modules/message'
import { useEffect } from 'react'
import { openEventStream } from '@/api/eventStream'
import { useSession } from '@/stores/session'
import { MESSAGE_KEY } from './api'

/**
 * While the console is open: the signed-in user's event stream. A new message (from any server
 * process) refreshes the unread count and the lists; a reconnection refreshes them too (what came
 * while the stream was down).
 */
export function useMessageStream(): void {
  const client = useQueryClient()
  const token = useSession((s) => s.token)
  useEffect(() => {
    if (!token) return
    const refresh = () => void client.invalidateQueries({ queryKey: MESSAGE_KEY })
    let first = true
    return openEventStream(
      messageStreamCall,
      (event) => {
        if (event === MESSAGE_EVENT) refresh()
      },
      {
        onOpen: () => {
          if (!first) refresh()
          first = false
        },
      },
    )
    // a new token (refresh, switch of tenant) opens a new stream: the old one closes
  }, [client, token])
}
