import type { DbOrTx } from '../db/client.js'

/**
 * What a module's write tells the modules that read its rows, in the write's own transaction, without
 * knowing them. Imports go one way (the reader imports the writer's `index.ts`), so the writer
 * declares a hook, exports it and runs it with what it wrote; a reader listens (parking's pass
 * records → the analysis marks the pass's day for its daily aggregate). A listener that throws fails
 * the write, like any statement of its transaction, so listeners only mark (derived `touch`) or write
 * rows of their own.
 */
export type WriteListener<T> = (tx: DbOrTx, rows: readonly T[]) => Promise<void>

export interface WriteHook<T> {
  /** listen for the writes (from now on, in every process that loads the listener's module); answers how to stop */
  listen(listener: WriteListener<T>): () => void
  /** the writer: tell every listener what it wrote, in its transaction */
  run(tx: DbOrTx, rows: readonly T[]): Promise<void>
}

export function writeHook<T>(): WriteHook<T> {
  const listeners = new Set<WriteListener<T>>()
  return {
    listen(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async run(tx, rows) {
      if (!rows.length) return
      for (const listener of listeners) await listener(tx, rows)
    },
  }
}
