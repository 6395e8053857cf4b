import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { param } from './schema.js'

/**
 * A whole number a module reads from the platform's parameters (参数管理), with the module's default
 * where the key is absent or its value is not a whole number within `[min, max]`: a parameter is
 * free text in its screen, so a typo there falls back to the default instead of stopping a job.
 */
export async function wholeNumberParam(
  db: DbOrTx,
  key: string,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): Promise<number> {
  const [row] = await db
    .select({ value: param.paramValue })
    .from(param)
    .where(and(eq(param.paramKey, key), eq(param.isDeleted, 0)))
    .limit(1)
  const text = row?.value.trim() ?? ''
  if (!/^\d+$/.test(text)) return fallback
  const value = Number(text)
  return value >= min && value <= max ? value : fallback
}
