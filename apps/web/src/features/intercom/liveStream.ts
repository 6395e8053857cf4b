import type { LocationTuple } from '@xpark/contract/modules/intercom'
import { INTERCOM_PATHS } from '@xpark/contract/modules/intercom'
import { website } from '@/config'
import { useSession } from '@/stores/session'
import { useSettings } from '@/stores/settings'

/** Split a server-sent events text into complete frames and the unfinished rest. */
export function parseFrames(text: string): { frames: { event: string; data: string }[]; rest: string } {
  const frames: { event: string; data: string }[] = []
  let rest = text
  let end = rest.indexOf('\n\n')
  while (end >= 0) {
    const frame = rest.slice(0, end)
    rest = rest.slice(end + 2)
    const event = /^event: (.*)$/m.exec(frame)?.[1]
    const data = /^data: (.*)$/m.exec(frame)?.[1]
    if (event && data !== undefined) frames.push({ event, data })
    end = rest.indexOf('\n\n')
  }
  return { frames, rest }
}

/**
 * The console's live stream (`intercom/stream`), read with fetch so the token goes in the Blade-Auth
 * header (EventSource cannot send headers, and a token in a URL ends up in logs). Reconnects after a
 * pause when the stream ends. Returns a function that closes it.
 */
export function openLocationStream(onBatch: (batch: LocationTuple[]) => void): () => void {
  const controller = new AbortController()
  let stopped = false
  const connect = async () => {
    while (!stopped) {
      try {
        const token = useSession.getState().token
        const res = await fetch(`${website.apiBase}/${INTERCOM_PATHS.stream}`, {
          headers: {
            Authorization: `Basic ${btoa(`${useSettings.getState().console.clientId}:`)}`,
            ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
          },
          signal: controller.signal,
        })
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`)
        const reader = res.body.getReader()
        const decoder = new TextDecoder()
        let text = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          const parsed = parseFrames(text + decoder.decode(value, { stream: true }))
          text = parsed.rest
          for (const f of parsed.frames)
            if (f.event === 'locations') onBatch(JSON.parse(f.data) as LocationTuple[])
        }
      } catch {
        if (stopped) return
      }
      await new Promise((r) => setTimeout(r, 3000))
    }
  }
  void connect()
  return () => {
    stopped = true
    controller.abort()
  }
}
