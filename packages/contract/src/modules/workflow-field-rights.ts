import type { FieldRight } from './workflow-moddle.js'

/**
 * A node's field rights (`xpark:fields`) over a form's data, by data path: a field inside a group
 * with a `path` is named `group.field` (as `formFieldPaths` lists it), a dynamic list by its path as
 * one field. The server refuses what a task may not write and leaves hidden fields out of its detail;
 * the console shows the form under the same rights and submits only what the server takes.
 *
 * A right named for a path covers what lies under it (a group's path named `write` lets its whole
 * object be written). When a node names rights, a field it does not name is not writable there.
 */
export type FieldRights = Readonly<Record<string, FieldRight>>

type Data = Record<string, unknown>
const isPlain = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The right of a data path: its own, or the nearest enclosing path's; undefined when none names it. */
export function rightOf(rights: FieldRights, path: string): FieldRight | undefined {
  for (let at = path; at; at = at.includes('.') ? at.slice(0, at.lastIndexOf('.')) : '') {
    const right = rights[at]
    if (right) return right
  }
  return undefined
}

/** Whether a node names any right (a node naming none leaves every field writable). */
export const namesRights = (rights: FieldRights | null | undefined): rights is FieldRights =>
  !!rights && Object.keys(rights).length > 0

/** Whether some right names a path under `path` (so its object is walked, not judged whole). */
const namesUnder = (rights: FieldRights, path: string) =>
  Object.keys(rights).some((key) => key.startsWith(`${path}.`))

/**
 * The first path of `variables` (in their order, nested objects walked where rights name what is
 * inside them) that the rights do not let a task write; undefined when all may be written.
 */
export function unwritablePath(rights: FieldRights | null | undefined, variables: Data): string | undefined {
  if (!namesRights(rights)) return undefined
  const walk = (data: Data, prefix: string): string | undefined => {
    for (const [key, value] of Object.entries(data)) {
      const path = `${prefix}${key}`
      const right = rightOf(rights, path)
      if (right === 'write') continue
      if (right === undefined && isPlain(value) && namesUnder(rights, path)) {
        const inner = walk(value, `${path}.`)
        if (inner !== undefined) return inner
        continue
      }
      return path
    }
    return undefined
  }
  return walk(variables, '')
}

/**
 * The data without the paths `drop` answers true for (by their right, undefined when unnamed),
 * nested objects walked where rights name what is inside them; the data itself is not changed.
 */
export function withoutFields(
  rights: FieldRights | null | undefined,
  data: Data,
  drop: (right: FieldRight | undefined) => boolean,
): Data {
  if (!namesRights(rights)) return data
  const walk = (value: Data, prefix: string): Data => {
    const out: Data = {}
    for (const [key, v] of Object.entries(value)) {
      const path = `${prefix}${key}`
      const right = rightOf(rights, path)
      if (right === undefined && isPlain(v) && namesUnder(rights, path)) out[key] = walk(v, `${path}.`)
      else if (!drop(right)) out[key] = v
    }
    return out
  }
  return walk(data, '')
}

/** The data a task's detail shows: its node's hidden fields left out. */
export const withoutHidden = (rights: FieldRights | null | undefined, data: Data): Data =>
  withoutFields(rights, data, (right) => right === 'hidden')

/** What a task may send on completion: only the fields its node lets it write. */
export const writableOnly = (rights: FieldRights | null | undefined, data: Data): Data =>
  withoutFields(rights, data, (right) => right !== 'write')

/**
 * The variables a completion writes, merged into the current ones where rights name fields inside an
 * object (so writing `applicant.name` keeps `applicant.salary`, hidden from the task, as it was);
 * elsewhere a variable replaces the current value whole. Answers only the incoming top-level keys.
 */
export function mergeWritten(rights: FieldRights | null | undefined, current: Data, incoming: Data): Data {
  if (!namesRights(rights)) return incoming
  const merge = (now: unknown, next: Data, prefix: string): Data => {
    const out: Data = isPlain(now) ? { ...now } : {}
    for (const [key, value] of Object.entries(next)) {
      const path = `${prefix}${key}`
      out[key] =
        rightOf(rights, path) === undefined && isPlain(value) && namesUnder(rights, path)
          ? merge(out[key], value, `${path}.`)
          : value
    }
    return out
  }
  return Object.fromEntries(
    Object.entries(incoming).map(([key, value]) => [
      key,
      rightOf(rights, key) === undefined && isPlain(value) && namesUnder(rights, key)
        ? merge(current[key], value, `${key}.`)
        : value,
    ]),
  )
}
