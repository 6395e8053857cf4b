import { describe, expect, it } from 'vitest'
import { isPublicPath } from '@/config'
import { withPicked } from './inputs'
import { meetingsScreen } from './meetings'
import { displayLink } from './RoomsPage'

describe('meeting console logic', () => {
  it('adds picked people once, keeping the invited as they were (group, seat, line id)', () => {
    const invited = [{ id: '9', userId: '1', userName: '甲', groupName: '主持', seat: 'A1' }]
    const picked = [
      { id: '1', account: 'a', realName: '甲', deptName: '', phone: '' },
      { id: '2', account: 'b', realName: '乙', deptName: '', phone: '' },
    ]
    expect(withPicked(invited, picked)).toEqual([...invited, { userId: '2', userName: '乙' }])
  })

  it('the door screen link carries the room and its token, outside the frame and signed out', () => {
    expect(displayLink('42', 'a b')).toMatch(/#\/meeting-display\/42\?key=a%20b$/)
    expect(isPublicPath('/meeting-display/42')).toBe(true)
    expect(isPublicPath('/meeting/room')).toBe(false)
  })

  it('a new meeting carries its people (none: an empty list); an edit without people keeps them', () => {
    const { beforeSubmit, rowCheck } = meetingsScreen()
    expect(beforeSubmit?.({ name: 'x' }, 'add')).toEqual({ name: 'x', people: [] })
    expect(beforeSubmit?.({ name: 'x' }, 'edit')).toEqual({ name: 'x' })
    expect(beforeSubmit?.({ people: [{ userId: '1' }] }, 'edit')).toEqual({ people: [{ userId: '1' }] })
    // only a meeting not begun shows edit and delete
    const row = (status: number) => ({ status }) as never
    expect(rowCheck?.(row(1), 'edit')).toBe(true)
    expect(rowCheck?.(row(2), 'edit')).toBe(false)
    expect(rowCheck?.(row(3), 'delete')).toBe(false)
    expect(rowCheck?.(row(3), 'view')).toBe(true)
  })
})
