import { Unzip, UnzipInflate } from 'fflate'
import { badRequest } from '../errors.js'

/** One part of a workbook (a sheet, the shared strings) may inflate to this much at the most. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024
/** All parts together. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024

/**
 * Refuse a zip (an xlsx is one) that would inflate past the limits, before any parser holds it in
 * memory: a few hundred KB of repeated shared strings can inflate to gigabytes. The bytes are really
 * inflated and counted (declared sizes can lie), and inflation stops at the first limit passed, so
 * the check costs at most the limits' worth of CPU and no memory beyond one chunk.
 */
export function assertInflatesWithin(
  zip: Uint8Array,
  limits = { entry: MAX_ENTRY_BYTES, total: MAX_INFLATED_BYTES },
): void {
  let total = 0
  let refusal: string | null = null
  const unzip = new Unzip((file) => {
    let size = 0
    file.ondata = (error, chunk) => {
      if (refusal) return
      if (error) {
        refusal = 'damaged'
        return
      }
      size += chunk.length
      total += chunk.length
      if (size > limits.entry || total > limits.total) {
        refusal = 'too large'
        file.terminate()
      }
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  try {
    unzip.push(zip, true)
  } catch {
    refusal ??= 'damaged'
  }
  if (refusal === 'too large')
    throw badRequest(`文件解压后过大 (单个部分不能超过 ${limits.entry / 1024 / 1024} MB), 请拆分后导入`)
  // a damaged zip is left to the workbook reader, which answers it as "not an xlsx"
}
