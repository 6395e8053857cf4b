import '@bpmn-io/form-js/dist/assets/form-js.css'
import '@bpmn-io/form-js/dist/assets/flatpickr/light.css'
import { Form } from '@bpmn-io/form-js'
import { checkFormField, type FormField, formFieldOf } from '@xpark/contract/modules/workflow-forms'
import { featureT } from '@/i18n'
import { formMessages, ruleKey } from './i18n'

export { localizeDatePicker, translateFormJs } from './formjs-zh'
/**
 * The form-js viewer and what FormView asks of it, in the chunk that only the form screens load (with
 * form-js's CSS). Its validator is the contract's (`workflow-forms.ts`), the rules the server checks
 * at start, with the messages in the console's language.
 */
export { Form }

const t = featureT(formMessages)

/** A message for each rule the value breaks (the contract reports the first, as the server does). */
export function ruleMessages(field: FormField, value: unknown): string[] {
  const broken = checkFormField(field, value)
  if (!broken) return []
  if (broken.rule === 'pattern' && field.patternErrorMessage) return [field.patternErrorMessage]
  return [t(ruleKey(broken.rule), { label: field.label, n: broken.n })]
}

interface FieldRegistry {
  get(id: string): unknown
}

/** form-js's `validator` service, answered by the contract's rules. */
class ContractValidator {
  static $inject = ['formFieldRegistry']
  constructor(private readonly registry: FieldRegistry) {}

  validateField(component: unknown, value: unknown): string[] {
    const field = formFieldOf(component)
    return field ? ruleMessages(field, value) : []
  }

  validateFieldInstance(instance: { id: string }, value: unknown): string[] {
    return this.validateField(this.registry.get(instance.id), value)
  }
}

/** The module that replaces form-js's validator (a later module's service wins in its injector). */
export const contractValidation = { validator: ['type', ContractValidator] }
