import { writeHook } from '../../core/write-hook.js'

/**
 * Every pass record written (a gate's decision, a remote open, the demo's day), told in its
 * transaction to whoever reads the passes without this module knowing them (the analysis marks the
 * pass's day for its daily aggregate). Pass records are never changed or removed, so a write is all
 * there is to tell.
 */
export interface PassWritten {
  tenantId: string
  passTime: Date
}

export const passWritten = writeHook<PassWritten>()
