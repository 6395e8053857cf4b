import { parseFormSchema } from '@xpark/contract/modules/workflow-forms'

/** What a task may do with a form field (a node's field rights): change it, see it, or not see it. */
export type FieldRight = 'read' | 'write' | 'hidden'
export type FieldRights = Readonly<Record<string, FieldRight>>

export type FormSchema = { components: unknown[] } & Record<string, unknown>

/** The schema text as a form: `empty` for '' (a process without a form), `bad` when it does not parse. */
export function readSchema(text: string): { schema: FormSchema } | { empty: true } | { bad: true } {
  if (text.trim() === '') return { empty: true }
  const schema = parseFormSchema(text)
  return schema ? { schema: schema as FormSchema } : { bad: true }
}

type Component = Record<string, unknown>
const isComponent = (c: unknown): c is Component => typeof c === 'object' && c !== null

/**
 * The schema as a node's rights show it: hidden fields left out, read fields read-only and without
 * their rules (the task cannot change them, so they cannot block it). Fields without a right stay
 * as designed; a group keeps its children's rights.
 */
export function applyRights(schema: FormSchema, rights: FieldRights | undefined): FormSchema {
  if (!rights || Object.keys(rights).length === 0) return schema
  const walk = (components: unknown[]): unknown[] =>
    components.flatMap((c) => {
      if (!isComponent(c)) return [c]
      const right = typeof c.key === 'string' ? rights[c.key] : undefined
      if (right === 'hidden') return []
      let out: Component = c
      if (right === 'read') {
        const { validate: _rules, ...rest } = c
        out = { ...rest, readonly: true }
      }
      return Array.isArray(c.components) ? [{ ...out, components: walk(c.components) }] : [out]
    })
  return { ...schema, components: walk(schema.components) }
}

/** The keys a task may not change (read or hidden): left out of what it submits. */
export const lockedKeys = (rights: FieldRights | undefined): Set<string> =>
  new Set(Object.entries(rights ?? {}).flatMap(([key, right]) => (right === 'write' ? [] : [key])))
