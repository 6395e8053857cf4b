/** The form screens' routes and cache codes, shared by the lists that open them. */

export const FORM_HISTORY_PATH = '/workflow/design/form/history/:id'
export const START_PATH = '/workflow/process/start/:params'
/** the drafts' query cache code: a save or a start refreshes 草稿箱 */
export const DRAFT_CODE = 'workflow_draft'

/** The start page of a definition (its Flowable id `key:version:id`, URL-encoded), named in its tab. */
export const startPath = (processDefinitionId: string, name: string, draftId?: string) =>
  `/workflow/process/start/${encodeURIComponent(processDefinitionId)}?name=${encodeURIComponent(name)}${
    draftId ? `&draftId=${encodeURIComponent(draftId)}` : ''
  }`

/** A definition's id from the start route: Flowable's `key:version:id`, or the id alone. */
export const definitionIdOf = (params: string) => params.split(':').pop() ?? ''
