import { describe, expect, it } from 'vitest'
import {
  addTab,
  aliveKeys,
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  homeTab,
  isClosable,
  type Tab,
} from './tabRules'
import { useTabs } from './tabs'

const tab = (key: string, keepAlive = false): Tab => ({
  key,
  path: key.split('?')[0]!,
  label: key,
  keepAlive,
})

describe('tab rules', () => {
  it('puts the home tab (label 首页) first, even when opening into an empty list', () => {
    const tabs = addTab([], tab('/system/param'))
    expect(tabs.map((t) => t.key)).toEqual([HOME_PATH, '/system/param'])
    expect(tabs[0]!.label).toBe('首页')
  })

  it('never lets the home tab be closed', () => {
    const tabs = addTab([homeTab()], tab('/a'))
    expect(isClosable(tabs[0]!, tabs)).toBe(false)
    expect(closeTab(tabs, HOME_PATH, HOME_PATH).tabs).toHaveLength(2)
  })

  it('makes a tab closable only when more than one tab is open', () => {
    const tabs = addTab([homeTab()], tab('/a'))
    expect(isClosable(tabs[1]!, tabs)).toBe(true)
    expect(isClosable(tabs[1]!, [tabs[1]!])).toBe(false)
  })

  it('de-duplicates by route (path + query)', () => {
    let tabs = addTab([homeTab()], tab('/a'))
    tabs = addTab(tabs, { ...tab('/a'), label: 'renamed' })
    tabs = addTab(tabs, tab('/a?x=1'))
    expect(tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/a?x=1'])
    expect(tabs[1]!.label).toBe('renamed')
  })

  it('shows the right neighbour after closing the active tab', () => {
    const tabs = [homeTab(), tab('/a'), tab('/b'), tab('/c')]
    expect(closeTab(tabs, '/b', '/b').activeKey).toBe('/c')
    expect(closeTab(tabs, '/c', '/c').activeKey).toBe('/b')
    expect(closeTab(tabs, '/a', '/c').activeKey).toBe('/c')
  })

  it('close others keeps the current tab and home', () => {
    const tabs = [homeTab(), tab('/a'), tab('/b'), tab('/c')]
    expect(closeOthers(tabs, '/b').map((t) => t.key)).toEqual([HOME_PATH, '/b'])
    expect(closeOthers(tabs, HOME_PATH).map((t) => t.key)).toEqual([HOME_PATH])
  })

  it('close all leaves only home', () => {
    expect(closeAll([homeTab(), tab('/a'), tab('/b')]).map((t) => t.key)).toEqual([HOME_PATH])
  })

  it('keeps alive the active tab plus the most recent cached tabs, up to the cap', () => {
    const tabs = [homeTab(), tab('/a', true), tab('/b', true), tab('/c', false), tab('/d', true)]
    expect(aliveKeys(tabs, ['/d', '/c', '/b', '/a', HOME_PATH], '/c', 3)).toEqual(['/c', '/d', '/b'])
  })

  it('persists tabs in localStorage', () => {
    useTabs.getState().open(tab('/system/param'))
    expect(localStorage.getItem('xpark-tags')).toContain('/system/param')
    useTabs.getState().reset()
  })
})
