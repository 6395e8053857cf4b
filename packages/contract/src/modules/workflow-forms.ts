/**
 * The rules of a form-js schema (表单设计's `content`) that the server checks when a process starts and
 * the console checks while the form is filled (FormView hands form-js this validator, so the two say
 * the same). Read from the schema's components: `validate.required`, `minLength`/`maxLength`,
 * `min`/`max`, `pattern` (its `patternErrorMessage` kept), `validationType` email, a number field's
 * number, and the values of a select, radio, checklist or taglist with static `values`.
 *
 * Left to form-js alone, since the server cannot evaluate FEEL: a rule written as an expression
 * (`"=…"`), a component shown by a condition (`conditional.hide`), the rows of a dynamic list. A
 * `disabled` field is never checked (form-js does not submit it either).
 */

/** A rule's name, each with its message (`{label}` the field, `{n}` the limit). */
export const FORM_RULE_TEXTS = {
  required: '{label}不能为空',
  minLength: '{label}至少 {n} 个字符',
  maxLength: '{label}最多 {n} 个字符',
  min: '{label}不能小于 {n}',
  max: '{label}不能大于 {n}',
  pattern: '{label}格式不正确',
  number: '{label}必须是数字',
  email: '{label}必须是邮箱地址',
  option: '{label}的值不在选项中',
} as const
export type FormRule = keyof typeof FORM_RULE_TEXTS

/** The rules of one keyed field, read from its component. */
export interface FormField {
  /** the value's path in the data (a group's `path` before the key), dot-joined */
  key: string
  label: string
  type: string
  required: boolean
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  pattern?: string
  patternErrorMessage?: string
  email: boolean
  /** the allowed values of a select, radio, checklist or taglist (static `values` only) */
  options?: unknown[]
}

/** One broken rule: the field, the rule, its limit, and the server's message. */
export interface FormProblem {
  key: string
  label: string
  rule: FormRule
  n?: number | string
  message: string
}

/** A form-js component as the schema holds it. */
export type Component = Record<string, unknown>

const NOT_KEYED = new Set(['text', 'html', 'image', 'button', 'spacer', 'separator', 'iframe', 'table'])
const WITH_OPTIONS = new Set(['select', 'radio', 'checklist', 'taglist'])
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

const isObject = (v: unknown): v is Component => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A literal setting; an expression (`"=…"`) is form-js's to evaluate, so it is ignored here. */
const literal = (v: unknown): unknown => (typeof v === 'string' && v.startsWith('=') ? undefined : v)
const numberOf = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}

/** The schema of a form (JSON text or the parsed object) as an object with components, else null. */
export function parseFormSchema(schema: string | object): { components: unknown[] } | null {
  let value: unknown = schema
  if (typeof schema === 'string') {
    if (schema.trim() === '') return null
    try {
      value = JSON.parse(schema)
    } catch {
      return null
    }
  }
  return isObject(value) && Array.isArray(value.components) ? (value as { components: unknown[] }) : null
}

/**
 * The rules of one component (its value at `prefix` + key), or null for what holds no value of its own
 * (text, a group, a button) or is not checked (disabled).
 */
export function formFieldOf(c: unknown, prefix = ''): FormField | null {
  if (!isObject(c) || c.disabled === true) return null
  const type = String(c.type ?? '')
  if (typeof c.key !== 'string' || !c.key || NOT_KEYED.has(type) || Array.isArray(c.components)) return null
  const rules = isObject(c.validate) ? c.validate : {}
  const field: FormField = {
    key: `${prefix}${c.key}`,
    label: typeof c.label === 'string' && c.label.trim() ? c.label.trim() : c.key,
    type,
    required: literal(rules.required) === true,
    email: literal(rules.validationType) === 'email',
  }
  for (const rule of ['minLength', 'maxLength', 'min', 'max'] as const) {
    const n = numberOf(literal(rules[rule]))
    if (n !== undefined) field[rule] = n
  }
  const pattern = literal(rules.pattern)
  if (typeof pattern === 'string' && pattern) {
    field.pattern = pattern
    if (typeof rules.patternErrorMessage === 'string' && rules.patternErrorMessage)
      field.patternErrorMessage = rules.patternErrorMessage
  }
  if (WITH_OPTIONS.has(type) && Array.isArray(c.values))
    field.options = c.values.filter(isObject).map((v) => v.value)
  return field
}

/** A component met by `walkFormComponents`, with where its value lives in the form's data. */
export interface FormComponentAt {
  component: Component
  /**
   * its value's path, dot-joined (form-js's: the enclosing groups' and lists' `path`s, then its `key`
   * or, for a group or list, its own `path`); '' for what holds no value (text, a group without path)
   */
  path: string
  /** the enclosing containers' data path, with a trailing dot ('' at the top) */
  prefix: string
  /** the enclosing groups and lists, outermost first */
  parents: Component[]
}

/** A group or a dynamic list: a component holding others. */
export const isFormContainer = (c: Component): boolean => Array.isArray(c.components)

/**
 * The one walk over a schema's components (the server's rules, the node's field rights, the console's
 * forms all use it): depth first, in the schema's order, groups and dynamic lists entered unless
 * `visit` answers false for them. A component's path is form-js's value path (see `FormComponentAt`).
 */
export function walkFormComponents(schema: string | object, visit: (at: FormComponentAt) => unknown): void {
  const parsed = Array.isArray(schema) ? { components: schema as unknown[] } : parseFormSchema(schema)
  if (!parsed) return
  const walk = (components: unknown[], prefix: string, parents: Component[]) => {
    for (const c of components) {
      if (!isObject(c)) continue
      const container = isFormContainer(c)
      const own = container ? c.path : NOT_KEYED.has(String(c.type ?? '')) ? undefined : c.key
      const path = typeof own === 'string' && own ? `${prefix}${own}` : ''
      const enter = visit({ component: c, path, prefix, parents })
      if (container && enter !== false)
        walk(c.components as unknown[], path ? `${path}.` : prefix, [...parents, c])
    }
  }
  walk(parsed.components, '', [])
}

/** The keyed fields of a schema with the rules the server can check, groups walked (their `path` too). */
export function formFields(schema: string | object): FormField[] {
  const out: FormField[] = []
  walkFormComponents(schema, ({ component: c, prefix }) => {
    if (c.disabled === true || c.type === 'dynamiclist') return false
    if (isObject(c.conditional) && c.conditional.hide !== undefined) return false
    const field = formFieldOf(c, prefix)
    if (field) out.push(field)
  })
  return out
}

/** A field a node's rights can name: a keyed field at any depth, or a dynamic list as a whole. */
export interface FormFieldPath {
  /** the value's path in the data, dot-joined: the key `xpark:fields` names */
  path: string
  label: string
  type: string
  /** the labels of the enclosing groups, outermost first */
  within: string[]
}

const labelOf = (c: Component, fallback: string) =>
  typeof c.label === 'string' && c.label.trim() ? c.label.trim() : fallback

/**
 * The fields a node's rights (`xpark:fields`) name, by their data path: keyed fields inside groups
 * too, and a dynamic list as one field (its rows are one value, an array), its columns not apart.
 */
export function formFieldPaths(schema: string | object): FormFieldPath[] {
  const out: FormFieldPath[] = []
  walkFormComponents(schema, ({ component: c, path, parents }) => {
    const list = c.type === 'dynamiclist'
    if (path && (list || !isFormContainer(c)))
      out.push({
        path,
        label: labelOf(c, path),
        type: String(c.type ?? ''),
        within: parents.map((p) => labelOf(p, String(p.path ?? p.type ?? ''))).filter(Boolean),
      })
    return !list
  })
  return out
}

const empty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/**
 * The first rule a value breaks, as form-js orders them: required, then the value's own (a number, a
 * listed option, the pattern, the limits). An empty value breaks nothing but required.
 */
export function checkFormField(
  field: FormField,
  value: unknown,
): { rule: FormRule; n?: number | string } | null {
  if (empty(value) || (field.type === 'checkbox' && value === false))
    return field.required ? { rule: 'required' } : null
  if (field.type === 'number' && numberOf(value) === undefined) return { rule: 'number' }
  if (field.options) {
    const values = Array.isArray(value) ? value : [value]
    if (values.some((v) => !field.options?.includes(v))) return { rule: 'option' }
  }
  const text = typeof value === 'string' ? value : undefined
  if (text !== undefined) {
    if (field.pattern !== undefined) {
      let matches = true
      try {
        matches = new RegExp(field.pattern).test(text)
      } catch {
        // a pattern that does not compile is the designer's mistake; form-js would throw on it
      }
      if (!matches) return { rule: 'pattern', n: field.pattern }
    }
    if (field.email && !EMAIL.test(text)) return { rule: 'email' }
    const length = text.trim().length
    if (field.minLength !== undefined && length < field.minLength)
      return { rule: 'minLength', n: field.minLength }
    if (field.maxLength !== undefined && length > field.maxLength)
      return { rule: 'maxLength', n: field.maxLength }
  }
  const n = numberOf(value)
  if (n !== undefined && (field.type === 'number' || text === undefined)) {
    if (field.min !== undefined && n < field.min) return { rule: 'min', n: field.min }
    if (field.max !== undefined && n > field.max) return { rule: 'max', n: field.max }
  }
  return null
}

/** A rule's message with the field's label and the limit filled in (a pattern's own message first). */
export function formRuleMessage(field: FormField, rule: FormRule, n?: number | string): string {
  if (rule === 'pattern' && field.patternErrorMessage) return field.patternErrorMessage
  return FORM_RULE_TEXTS[rule].replace('{label}', field.label).replace('{n}', String(n ?? ''))
}

/** The value at a dot-joined data path. */
export const valueAt = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, part) => (isObject(v) ? v[part] : undefined), data)

/** Every field of the schema that the data breaks a rule of, in the schema's order. */
export function validateFormData(schema: string | object, data: Record<string, unknown>): FormProblem[] {
  const problems: FormProblem[] = []
  for (const field of formFields(schema)) {
    const broken = checkFormField(field, valueAt(data, field.key))
    if (broken)
      problems.push({
        key: field.key,
        label: field.label,
        ...broken,
        message: formRuleMessage(field, broken.rule, broken.n),
      })
  }
  return problems
}
