import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { DEFAULT_COMMAND_TIMEOUT_MS, defineCommands } from './commands.js'
import {
  CONTROL,
  CONTROL_PERMISSION,
  type Control,
  DOOR_CONTROL_PERMISSION,
  GRANT_TYPES,
  grantCommands,
  machineCommands,
} from './modules/device/commands.js'
import { MACHINE_TYPE as T } from './modules/device/machines.js'

describe('defineCommands', () => {
  const set = defineCommands({
    permission: { byType: { 1: 'door_code' }, default: 'plain_code' },
    timeoutMs: 4_000,
    controls: {
      on: { key: '1', wire: 'on', types: [2, 3] },
      open: { key: '4', wire: 'open', types: [1, 3], timeoutMs: 1_500 },
      wipe: { key: '9', types: [3], permission: 'wipe_code', logged: false },
    },
  })

  it('derives keys, names, support and the controls of a type in declaration order', () => {
    expect(set.keys).toEqual(['1', '4', '9'])
    expect(set.key).toEqual({ on: '1', open: '4', wipe: '9' })
    expect(set.controlsOf(3)).toEqual(['1', '4', '9'])
    expect(set.controlsOf(1)).toEqual(['4'])
    expect(set.controlsOf(99)).toEqual([])
    expect(set.supports(1, '4')).toBe(true)
    expect(set.supports(1, '1')).toBe(false)
    expect(set.supports(3, 'nothing')).toBe(false)
    expect(set.has('9')).toBe(true)
    expect(set.has('open')).toBe(false)
  })

  it('derives the permission: the control’s own, else the type’s, else the default', () => {
    expect(set.permissionFor(1, '4')).toBe('door_code')
    expect(set.permissionFor(3, '4')).toBe('plain_code')
    expect(set.permissionFor(3, '9')).toBe('wipe_code')
    // an undeclared control of a door still needs the door's code
    expect(set.permissionFor(1, 'x')).toBe('door_code')
    expect(set.permissions).toEqual(['plain_code', 'door_code', 'wipe_code'])
    const holds = (codes: string[]) => (p: string) => codes.includes(p)
    expect(set.controlsAllowed(3, holds(['plain_code']))).toEqual(['1', '4'])
    expect(set.controlsAllowed(1, holds(['plain_code']))).toEqual([])
    expect(set.controlsAllowed(1, holds(['door_code']))).toEqual(['4'])
  })

  it('derives wire names, timeouts and logging', () => {
    expect(set.wireOf('4')).toBe('open')
    expect(set.wireOf('9')).toBe('9')
    expect(set.wireOf('unknown')).toBe('unknown')
    expect(set.timeoutOf('4')).toBe(1_500)
    expect(set.timeoutOf('1')).toBe(4_000)
    expect(set.isLogged('1')).toBe(true)
    expect(set.isLogged('9')).toBe(false)
    const bare = defineCommands({ permission: 'p', controls: { a: { key: 'a', types: [1] } } })
    expect(bare.timeoutOf('a')).toBe(DEFAULT_COMMAND_TIMEOUT_MS)
    expect(bare.permissionFor(5, 'a')).toBe('p')
  })

  it('refuses a key declared twice and an empty set', () => {
    expect(() =>
      defineCommands({
        permission: 'p',
        controls: { a: { key: '1', types: [1] }, b: { key: '1', types: [2] } },
      }),
    ).toThrow(/declared twice/)
    expect(() => defineCommands({ permission: 'p', controls: {} })).toThrow(/no controls/)
  })

  it('types keys as their literals (z.enum takes them)', () => {
    expectTypeOf(set.key.open).toEqualTypeOf<'4'>()
    const form = z.enum(set.keys)
    expect(form.safeParse('9').success).toBe(true)
    expect(form.safeParse('2').success).toBe(false)
  })
})

describe('the machine controls (dict machine_control_type)', () => {
  it('keeps the keys, wire names and each type’s controls of the spec', () => {
    expectTypeOf<Control>().toEqualTypeOf<'1' | '2' | '3' | '4' | '5' | '6' | '7'>()
    expect([...machineCommands.keys].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(CONTROL).toEqual({
      on: '1',
      off: '2',
      reboot: '3',
      open: '4',
      close: '5',
      holdOpen: '6',
      holdClosed: '7',
    })
    const wires = Object.fromEntries(machineCommands.keys.map((k) => [k, machineCommands.wireOf(k)]))
    expect(wires).toEqual({
      '1': 'on',
      '2': 'off',
      '3': 'reboot',
      '4': 'open',
      '5': 'close',
      '6': 'holdOpen',
      '7': 'holdClosed',
    })
    const byType = Object.fromEntries(Object.values(T).map((t) => [t, machineCommands.controlsOf(t)]))
    expect(byType).toEqual({
      [T.door]: ['4', '5', '6', '7', '3'],
      [T.camera]: ['3'],
      [T.face]: ['4', '3'],
      [T.display]: ['1', '2', '3'],
      [T.light]: ['1', '2'],
      [T.aircon]: ['1', '2'],
      [T.sensor]: ['3'],
      [T.clock]: ['3'],
      [T.barrier]: ['4', '5', '6'],
    })
  })

  it('puts doors, face terminals and barriers behind machine_control_door, 10 s, logged', () => {
    for (const t of [T.door, T.face, T.barrier])
      expect(machineCommands.permissionFor(t, CONTROL.open)).toBe(DOOR_CONTROL_PERMISSION)
    expect(machineCommands.permissionFor(T.door, CONTROL.reboot)).toBe(DOOR_CONTROL_PERMISSION)
    for (const t of [T.camera, T.display, T.light, T.aircon, T.sensor, T.clock])
      expect(machineCommands.permissionFor(t, CONTROL.reboot)).toBe(CONTROL_PERMISSION)
    expect(machineCommands.permissions).toEqual([CONTROL_PERMISSION, DOOR_CONTROL_PERMISSION])
    const plain = (p: string) => p === CONTROL_PERMISSION
    expect(machineCommands.controlsAllowed(T.door, plain)).toEqual([])
    expect(machineCommands.controlsAllowed(T.light, plain)).toEqual([CONTROL.on, CONTROL.off])
    for (const k of machineCommands.keys) {
      expect(machineCommands.timeoutOf(k)).toBe(10_000)
      expect(machineCommands.isLogged(k)).toBe(true)
    }
  })

  it('grants go to the granting types only, sent as named', () => {
    expect(grantCommands.keys).toEqual(['grant', 'revoke'])
    expect(grantCommands.wireOf('grant')).toBe('grant')
    for (const t of Object.values(T)) expect(grantCommands.supports(t, 'grant')).toBe(GRANT_TYPES.includes(t))
  })
})
