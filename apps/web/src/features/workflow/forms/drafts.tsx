import {
  type DraftRow as DraftRowSchema,
  draftListCall,
  formByProcessDefKeyCall,
} from '@xpark/contract/modules/workflow-process'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { type CrudResource, RowButton } from '@/components/crud'
import { useMessages } from '@/i18n'
import type { formMessages } from './i18n'
import './i18n'
import { DRAFT_CODE, startPath } from './paths'
import '../i18n'

type DraftRow = z.output<typeof DraftRowSchema>

/** 继续: the draft's process (its newest version) opened on 发起流程 with the draft's values. */
function ContinueButton({ row }: { row: DraftRow }) {
  const t = useMessages<typeof formMessages>()
  const navigate = useNavigate()
  return (
    <RowButton
      label={t('workflow.continue')}
      testId={`draft-continue-${row.id}`}
      onClick={async () => {
        const { process } = await callApi(formByProcessDefKeyCall, { processDefKey: row.processDefKey })
        navigate(startPath(process.processDefinitionId, row.title || process.name, row.id))
      }}
    />
  )
}

/**
 * 草稿箱: the caller's drafts (start forms saved unstarted, theirs only) as a read-only list; 继续
 * opens the start page with one, 删除 removes it after the kit's confirm (any signed-in user: the
 * server removes the caller's own only).
 */
const drafts: CrudResource<DraftRow> = {
  path: draftListCall.path,
  pagePath: `/${draftListCall.path}`,
  permissionPrefix: 'workflow_draft',
  queryCode: DRAFT_CODE,
  title: 'workflow.draft',
  rowKey: 'id',
  actions: { view: false, edit: false, copy: false, add: false, bulkDelete: false },
  signedIn: ['delete'],
  columns: [
    { prop: 'title', label: 'workflow.draftTitle', width: 220, form: false },
    { prop: 'processDefKey', label: 'workflow.processKey', width: 160, form: false },
    { prop: 'updateTime', label: 'workflow.updated', width: 170, form: false },
  ],
  rowExtra: (row) => <ContinueButton row={row} />,
  rowExtraCount: 1,
}
export default drafts
