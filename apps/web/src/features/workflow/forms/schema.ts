import {
  type FieldRights,
  namesRights,
  rightOf,
  writableOnly,
} from '@xpark/contract/modules/workflow-field-rights'
import {
  type Component,
  isFormContainer,
  parseFormSchema,
  walkFormComponents,
} from '@xpark/contract/modules/workflow-forms'
import type { FieldRight } from '@xpark/contract/modules/workflow-moddle'

/** What a task may do with a form field (a node's field rights): change it, see it, or not see it. */
export type { FieldRight, FieldRights }

export type FormSchema = { components: unknown[] } & Record<string, unknown>

/** The schema text as a form: `empty` for '' (a process without a form), `bad` when it does not parse. */
export function readSchema(text: string): { schema: FormSchema } | { empty: true } | { bad: true } {
  if (text.trim() === '') return { empty: true }
  const schema = parseFormSchema(text)
  return schema ? { schema: schema as FormSchema } : { bad: true }
}

/**
 * Each component's right at a node, by its data path (the contract's walk, as the server reads the
 * rights): its own or the nearest enclosing path's; a field the node does not name is read-only there
 * (the server refuses it), while a group without a right of its own is entered.
 */
function rightsByComponent(schema: FormSchema, rights: FieldRights): Map<Component, FieldRight> {
  const out = new Map<Component, FieldRight>()
  walkFormComponents(schema, ({ component, path }) => {
    if (!path) return
    const named = rightOf(rights, path)
    const holdsValue = !isFormContainer(component) || component.type === 'dynamiclist'
    const right = named ?? (holdsValue ? 'read' : undefined)
    if (right) out.set(component, right)
  })
  return out
}

/** A component shown read-only: no rules (the task cannot change it, so it cannot block it), no rows added. */
function locked(c: Component): Component {
  const { validate: _rules, ...rest } = c
  return c.type === 'dynamiclist'
    ? { ...rest, readonly: true, allowAddRemove: false }
    : { ...rest, readonly: true }
}

/**
 * The schema as a node's rights show it: hidden fields left out, read ones (and the ones it does not
 * name) read-only without their rules, at any depth (fields inside groups by their data path, a
 * dynamic list as one field). A node naming no rights shows the form as designed.
 */
export function applyRights(schema: FormSchema, rights: FieldRights | undefined): FormSchema {
  if (!namesRights(rights)) return schema
  const decided = rightsByComponent(schema, rights)
  const rebuild = (components: unknown[]): unknown[] =>
    components.flatMap((c) => {
      if (typeof c !== 'object' || c === null) return [c]
      const component = c as Component
      const right = decided.get(component)
      if (right === 'hidden') return []
      const out = right === 'read' ? locked(component) : component
      return Array.isArray(component.components)
        ? [{ ...out, components: rebuild(component.components) }]
        : [out]
    })
  return { ...schema, components: rebuild(schema.components) }
}

/** Whether a task may change the value at a data path (a node naming no rights: every field). */
export const mayWrite = (rights: FieldRights | undefined, path: string): boolean =>
  !namesRights(rights) || rightOf(rights, path) === 'write'

/** What a task submits: only the fields its node lets it write (the server refuses the others). */
export const submittable = (rights: FieldRights | undefined, data: Record<string, unknown>) =>
  writableOnly(rights, data)
