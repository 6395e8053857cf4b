import { badRequest } from '../../../core/errors.js'

/** ISO 8601 durations, as a timer boundary event's `timeDuration` writes them. */
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** An ISO 8601 duration in milliseconds: weeks, days, hours, minutes, seconds (no years or months: not a fixed length). */
export function parseDuration(nodeId: string, text: string): number {
  const match = DURATION.exec(text)
  if (!match || text === 'P' || text.endsWith('T')) throw badRequest(`定时时长有误: ${nodeId}: ${text}`)
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0))
  const ms = ((((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes!) * 60 + seconds!) * 1000
  if (ms <= 0) throw badRequest(`定时时长有误: ${nodeId}: ${text}`)
  return ms
}
