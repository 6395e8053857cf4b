// The status load of bench section 11 in a process of its own (lib/device-load.mjs, statusLoad): its
// bursts of publishing do not delay the bench's polls of the presence table, and its CPU is its own.
import { statusLoad } from './device-load.mjs'

const options = JSON.parse(process.argv[2])
const result = await statusLoad({ ...options, onSecond: (second) => process.send({ second }) })
process.send({ done: result })
// stays until told, so the bench can read its CPU time in /proc first
process.on('message', (m) => m.exit && process.exit(0))
