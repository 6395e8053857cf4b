import { expect } from 'vitest'

/**
 * Read a server-sent event stream until `count` events came or the time is up; `finished` resolves
 * when reading is over (the events are in `events` then).
 */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  count: number,
  timeoutMs = 10_000,
): Promise<{ events: { event: string; data: unknown }[]; finished: Promise<void> }> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const res = await fetch(url, { headers, signal: controller.signal })
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const events: { event: string; data: unknown }[] = []
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const done = (async () => {
    try {
      while (events.length < count) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const frame = text.slice(0, end)
          text = text.slice(end + 2)
          const event = /^event: (.*)$/m.exec(frame)?.[1]
          const data = /^data: (.*)$/m.exec(frame)?.[1]
          if (event && data) events.push({ event, data: JSON.parse(data) })
        }
      }
    } catch {
      // aborted: the time is up
    } finally {
      clearTimeout(timer)
      controller.abort()
    }
  })()
  return { events, finished: done }
}
