import { reportDetailCall } from '@xpark/contract/modules/report'
import { callApi } from '@/api/calls'
import type { SavedView } from '@/components/crud/savedViews'

/** A saved report's view, for the list that opens it (`?report=<id>`). */
export async function loadView(id: string): Promise<SavedView> {
  return (await callApi(reportDetailCall, { id })).view
}
