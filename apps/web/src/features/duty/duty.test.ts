import { describe, expect, it } from 'vitest'
import feature from './index'
import { dutyScreen } from './person'

describe('duty feature (值班管理)', () => {
  it('puts the roster under its menu path and names its menus in English', () => {
    expect(Object.keys(feature.screens)).toEqual(['/duty/person'])
    expect(feature.menuNames).toMatchObject({ duty: 'Duty', duty_person: 'Duty roster' })
  })

  it('declares the roster from the contract: its routes, the duty sheet and the person field', () => {
    const screen = dutyScreen()
    expect(screen.path).toBe('blade-dutyPerson/dutyPerson')
    expect(screen.permissionPrefix).toBe('duty_person')
    expect(screen.excel).toEqual({
      exportUrl: 'dutyManagement/export',
      importUrl: 'blade-dutyPerson/dutyPerson/importDuty',
      templateUrl: 'blade-dutyPerson/dutyPerson/exportTemplate',
    })
    const person = screen.columns.find((c) => c.prop === 'userId')!
    expect(person.hideInTable).toBe(true)
    expect((person.form || undefined)?.itemProps).toMatchObject({ required: true })
    expect(screen.columns.find((c) => c.prop === 'shift')!.dict).toBe('duty_shift')
  })
})
