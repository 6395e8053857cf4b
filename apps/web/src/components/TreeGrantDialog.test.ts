import { describe, expect, it } from 'vitest'
import { checkedLeaves, grantedKeys } from './TreeGrantDialog'

const tree = [
  { key: '1', children: [{ key: '11', children: [{ key: '111' }, { key: '112' }] }, { key: '12' }] },
  { key: '2' },
]

describe('tree grant keys', () => {
  it('shows only granted leaves checked: a granted parent does not check its whole branch', () => {
    expect(checkedLeaves(tree, new Set(['1', '11', '112', '2']))).toEqual(['112', '2'])
    expect(checkedLeaves(tree, new Set())).toEqual([])
  })

  it('saves checked and half-checked keys once each, as strings', () => {
    expect(grantedKeys(['112', 2], ['1', '11', '112'])).toEqual(['112', '2', '1', '11'])
  })
})
