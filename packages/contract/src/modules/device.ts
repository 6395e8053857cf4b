/** Devices (issue 28): machines, report rules, fault types, grants, commands. See docs/modules/device.md. */
export * from './device/calls.js'
export * from './device/commands.js'
export * from './device/machines.js'
export * from './device/rules.js'
