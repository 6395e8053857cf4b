/**
 * Inspection patrols (spec 02 §7 "Inspection", §4 start, end, close; issue 29): points (a place, a
 * check-in code, a camera, check items), paths (ordered points), plans (a path, inspectors, weekdays
 * and a window) from which a job makes each day's records, records (待开始 → 进行中 → 已完成, or
 * 已关闭, or 已超时) with their points checked in by code, and events found on the way, which may
 * raise an alarm or a repair order. See docs/modules/inspection.md.
 */
export * from './inspection/calls.js'
export * from './inspection/resources.js'
