import type { CallContract } from '@xpark/contract/calls'
import { website } from '../config'
import { useSession } from '../stores/session'
import { useSettings } from '../stores/settings'

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
 * A declared server-sent event stream of the API (the intercom console's, the message centre's), read
 * with fetch so the token goes in the Blade-Auth header (EventSource cannot send headers, and a token in a URL ends
 * up in logs). Reconnects after a pause when the stream ends or fails; `onOpen` runs at each
 * (re)connection, so a caller can catch up on what it missed. Returns a function that closes it.
 */
export function openEventStream(
  call: CallContract,
  onEvent: (event: string, data: string) => void,
  options: {
    onOpen?: () => void
    retryMs?: number
    /** the call's query parameters (a big screen's topics, a public link's token) */
    params?: Readonly<Record<string, string>>
    /**
     * a refusal (401, 403, 404) ends the stream instead of retrying: a revoked link, a lost permission.
     * Without it such a stream is retried like any failure.
     */
    onRefused?: (status: number) => void
  } = {},
): () => void {
  const controller = new AbortController()
  let stopped = false
  const connect = async () => {
    while (!stopped) {
      try {
        const token = useSession.getState().token
        // a public stream (a big screen's link) is read signed out, its token in the query
        if (!token && !call.public) throw new Error('signed out')
        const query = options.params ? `?${new URLSearchParams(options.params)}` : ''
        const res = await fetch(`${website.apiBase}/${call.path}${query}`, {
          headers: {
            Authorization: `Basic ${btoa(`${useSettings.getState().console.clientId}:`)}`,
            ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
          },
          signal: controller.signal,
        })
        if (options.onRefused && [401, 403, 404].includes(res.status)) {
          stopped = true
          options.onRefused(res.status)
          return
        }
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`)
        options.onOpen?.()
        const reader = res.body.getReader()
        const decoder = new TextDecoder()
        let text = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          const parsed = parseFrames(text + decoder.decode(value, { stream: true }))
          text = parsed.rest
          for (const f of parsed.frames) onEvent(f.event, f.data)
        }
      } catch {
        if (stopped) return
      }
      // the pause ends early when the stream is closed (no timer outlives it)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.retryMs ?? 3000)
        controller.signal.addEventListener('abort', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  void connect()
  return () => {
    stopped = true
    controller.abort()
  }
}
