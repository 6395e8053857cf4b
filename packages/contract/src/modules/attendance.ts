/**
 * Attendance (spec 02 §7 "Attendance", issue 30): rules (people, work days, one or two shifts, grace,
 * the half-day threshold, punch windows, the machines that count, the holiday calendar), punches (from
 * attendance machines, or by hand: 补卡), and each person-day's result (正常, 迟到, 早退, 缺卡, 旷工,
 * 休息, 请假) that a job keeps from them; the reports read the results. Both bases
 * (`park-clockin/punchClockRecord`, `park-clockin/punchClockSeting`) answer the nine verbs; on the
 * rules' base the reports are per rule. See docs/modules/attendance.md.
 */
export * from './attendance/calls.js'
export * from './attendance/resources.js'
