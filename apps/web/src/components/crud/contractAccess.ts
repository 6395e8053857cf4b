import { SIGNED_IN } from '@xpark/contract/calls'
import type { RowAction } from './types'

/**
 * The actions a contract opens to anyone signed in (its permission for them is the `SIGNED_IN` marker,
 * as 请假 is: one's own requests): the screen offers them without a button code.
 */
export function signedInActions(permissions: {
  add: string
  edit: string
  delete: string
  view: unknown
}): (RowAction | 'add')[] {
  const open = (p: unknown) => p === SIGNED_IN
  return [
    ...(open(permissions.add) ? (['add', 'copy'] as const) : []),
    ...(open(permissions.edit) ? (['edit'] as const) : []),
    ...(open(permissions.delete) ? (['delete'] as const) : []),
    ...(open(permissions.view) ? (['view'] as const) : []),
  ]
}
