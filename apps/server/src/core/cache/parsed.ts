/**
 * A value read from a cached text, built once per text: what a hot path asks the cache on every
 * request (a role set's permission codes) is a string compare, not a JSON parse. The text is the
 * truth: a write elsewhere changes it (or drops it) and the next read builds the value again.
 */
const MAX_VALUES = 5_000
const values = new Map<string, { text: string; value: unknown }>()

export function parsedOnce<T>(key: string, text: string, build: (text: string) => T): T {
  const known = values.get(key)
  if (known && known.text === text) return known.value as T
  const value = build(text)
  values.delete(key)
  values.set(key, { text, value })
  if (values.size > MAX_VALUES) values.delete(values.keys().next().value as string)
  return value
}
