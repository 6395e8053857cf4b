import {
  CONNECTION_TEXTS,
  connectionRefusal,
  INITIATOR,
  INITIATOR_DEPT_LEADER,
} from '@xpark/contract/modules/workflow-moddle'
import { describe, expect, it } from 'vitest'
import { parseAssignee, writeAssignee } from './assignee'

describe('the editor refuses three connections (spec 02 §2)', () => {
  const flows = [{ source: 'a', target: 'b' }]
  it('names each with the spec text', () => {
    expect(connectionRefusal('a', 'a', flows)).toBe('self')
    expect(connectionRefusal('a', 'b', flows)).toBe('repeat')
    expect(connectionRefusal('b', 'a', flows)).toBe('loopBack')
    expect(connectionRefusal('b', 'c', flows)).toBeNull()
    expect(CONNECTION_TEXTS).toEqual({
      self: 'cannot connect to itself',
      repeat: 'cannot repeat a connection',
      loopBack: 'cannot loop back',
    })
  })
})

describe('xpark:assignee as the designer edits it', () => {
  it.each([
    ['user:1,user:2', { mode: 'user', ids: ['1', '2'] }],
    ['role:7', { mode: 'role', ids: ['7'] }],
    [INITIATOR, { mode: 'initiator', ids: [] }],
    [INITIATOR_DEPT_LEADER, { mode: 'initiatorDeptLeader', ids: [] }],
    ['', { mode: 'user', ids: [] }],
  ])('%s', (text, assignee) => {
    expect(parseAssignee(text)).toEqual(assignee)
    expect(writeAssignee(parseAssignee(text))).toBe(text)
  })
  it('keeps one kind: ids of another kind are dropped when read', () => {
    expect(parseAssignee('dept:3,user:1')).toEqual({ mode: 'dept', ids: ['3'] })
  })
})
