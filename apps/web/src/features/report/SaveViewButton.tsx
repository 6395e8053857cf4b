import { REPORT_PERMISSIONS } from '@xpark/contract/modules/report'
import { Button } from 'antd'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import type { SavedView } from '@/components/crud/savedViews'
import { useSession } from '@/stores/session'
import { SaveReportDialog } from './SaveReportDialog'
import './i18n'

/** Who may save a view: as the server's `rest/submit` says. */
const MAY_SAVE = [REPORT_PERMISSIONS.add, REPORT_PERMISSIONS.edit, REPORT_PERMISSIONS.statistic]

/** 保存为报表 in a list's toolbar (the kit's saved-view slot): the list's path and its current view. */
export default function SaveViewButton({ path, view }: { path: string; view: SavedView }) {
  const tr = useTr()
  const may = useSession((s) => MAY_SAVE.some((code) => s.permission[code] === true))
  const [open, setOpen] = useState(false)
  if (!may) return null
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="crud-save-view">
        {tr('report.saveAs')}
      </Button>
      {open && <SaveReportDialog path={path} view={view} onClose={() => setOpen(false)} />}
    </>
  )
}
