import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/types.js'
import { workflowForm, workflowModelScope } from '../design/schema.js'
import { userDirectory } from '../engine/directory.js'
import type { workflowDefinition } from '../schema.js'

export type Definition = typeof workflowDefinition.$inferSelect

/**
 * What starting a process asks of the design side (models, their scopes and forms; the `design/`
 * folder). The scope is the model's (`xpark_wf_model_scope`: a user, role, department or post; a
 * model without one, or a definition deployed without a model, is open to all, as in BladeX); the
 * start form is the tenant's form whose `formKey` is the process key (as the demo's 请假表单 for
 * `park_leave`), '' when there is none; `setStartRules` replaces either.
 */
export interface StartRules {
  /** whether the model scope of `definition` holds the user (refused: 无权发起此流程) */
  mayStart(tx: DbOrTx, userId: string, definition: Definition): Promise<boolean>
  /** the start form (form-js schema JSON) of a definition; '' when it has none */
  formOf(tx: DbOrTx, definition: Definition): Promise<string>
}

/** Whether the model scope of a definition holds the user. */
async function inModelScope(tx: DbOrTx, userId: string, definition: Definition): Promise<boolean> {
  if (!definition.modelId) return true
  const scopes = await tx
    .select({ type: workflowModelScope.type, val: workflowModelScope.val })
    .from(workflowModelScope)
    .where(eq(workflowModelScope.modelId, definition.modelId))
  if (scopes.length === 0) return true
  const groups = await userDirectory.groupsOf(tx, definition.tenantId, userId)
  return scopes.some(
    (s) =>
      (s.type === 'user' && s.val === userId) || groups.some((g) => g.kind === s.type && g.ref === s.val),
  )
}

/** The content of the tenant's live form keyed as the process. */
async function formKeyedAsProcess(tx: DbOrTx, definition: Definition): Promise<string> {
  const [form] = await tx
    .select({ content: workflowForm.content })
    .from(workflowForm)
    .where(
      and(
        eq(workflowForm.tenantId, definition.tenantId),
        eq(workflowForm.formKey, definition.key),
        eq(workflowForm.isDeleted, 0),
      ),
    )
  return form?.content ?? ''
}

const OPEN: StartRules = {
  mayStart: inModelScope,
  formOf: formKeyedAsProcess,
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
