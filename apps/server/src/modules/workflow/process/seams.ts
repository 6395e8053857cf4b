import type { DbOrTx } from '../../../db/types.js'
import type { workflowDefinition } from '../schema.js'

export type Definition = typeof workflowDefinition.$inferSelect

/**
 * What starting a process asks of the design side (models, their scopes and forms; the `design/`
 * folder), which the process calls do not own. The design module registers its answers when it
 * joins (`setStartRules`); until then every signed-in user of the tenant may start any active
 * definition (a model without a scope is open to all, as in BladeX) and no definition has a form.
 */
export interface StartRules {
  /** whether the model scope of `definition` holds the user (refused: 无权发起此流程) */
  mayStart(tx: DbOrTx, userId: string, definition: Definition): Promise<boolean>
  /** the start form (form-js schema JSON) of a definition; '' when it has none */
  formOf(tx: DbOrTx, definition: Definition): Promise<string>
}

const OPEN: StartRules = {
  mayStart: async () => true,
  formOf: async () => '',
}

let rules: StartRules = OPEN

export const startRules = (): StartRules => rules

/** Replace some of the rules (the design module at start; a test, which restores them). */
export function setStartRules(next: Partial<StartRules>): void {
  rules = { ...rules, ...next }
}

export function resetStartRules(): void {
  rules = OPEN
}
