/**
 * 64-bit, time-ordered ids (snowflake layout): 41 bits of milliseconds since 2020-01-01,
 * 10 bits of node id, 12 bits of sequence. They travel as decimal strings.
 */
const EPOCH = 1_577_836_800_000n
const nodeId = BigInt(Number(process.env.XPARK_NODE_ID ?? process.pid) & 0x3ff)
let lastMs = 0n
let sequence = 0n

export function nextId(): string {
  let now = BigInt(Date.now())
  if (now < lastMs) now = lastMs // clock stepped back: stay monotonic
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn
    if (sequence === 0n) now = lastMs + 1n // 4096 ids this millisecond: borrow the next one
  } else {
    sequence = 0n
  }
  lastMs = now
  return (((now - EPOCH) << 22n) | (nodeId << 12n) | sequence).toString()
}

export function isId(value: string): boolean {
  return /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n
}

/** The ids of a BladeX comma-joined id column (`blade_user.role_id`: `1,2`); empty or absent: none. */
export const idsIn = (joined: string | null | undefined): string[] =>
  joined ? joined.split(',').filter(Boolean) : []
