/** The hot cities' list logic: an ordered list of city codes, each once. */

/** The list with the code at its end (a code already there stays where it is). */
export const withCity = (list: readonly string[], code: string): string[] =>
  list.includes(code) ? [...list] : [...list, code]

/** The list with the item at `index` moved by `delta` (up: -1, down: 1); at an end it stays. */
export function moved(list: readonly string[], index: number, delta: -1 | 1): string[] {
  const to = index + delta
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list]
  const out = [...list]
  ;[out[index], out[to]] = [out[to]!, out[index]!]
  return out
}

export const withoutCity = (list: readonly string[], code: string): string[] => list.filter((c) => c !== code)
