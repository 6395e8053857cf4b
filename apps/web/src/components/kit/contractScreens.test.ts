import { describe, expect, it } from 'vitest'
import { contractScreens } from './screens'

describe('contractScreens', () => {
  it("maps a feature's screens/<segment>.tsx files to <base>/<segment>, loading none of them", () => {
    const loaded: string[] = []
    const load = (name: string) => async () => {
      loaded.push(name)
      return { default: { path: name, columns: [] } }
    }
    const screens = contractScreens(
      { './screens/brand.tsx': load('brand'), './screens/shelf-label.tsx': load('shelf-label') },
      '/commodity',
    )
    expect(Object.keys(screens)).toEqual(['/commodity/brand', '/commodity/shelf-label'])
    // lazy: a screen's chunk is fetched when it is first shown
    expect(loaded).toEqual([])
  })
})
