/**
 * Meetings (spec 02 §7 "Meetings and devices", issue 28): meeting rooms with their door screen's
 * display token, meeting templates, meetings (未开始 → 进行中 → 已结束) with their invitees as lines,
 * sign-in, pictures and table cards, and the scene log. Scenes, their linkage and the meeting machines
 * come with the device layer. See docs/modules/meeting.md.
 */
export * from './meeting/calls.js'
export * from './meeting/meetings.js'
export * from './meeting/rooms.js'
export * from './meeting/scenes.js'
