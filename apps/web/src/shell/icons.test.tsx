import { isValidElement } from 'react'
import { describe, expect, it } from 'vitest'
import { menuIcon } from './icons'

const keyOf = (source?: string) => {
  const icon = menuIcon(source)
  return isValidElement(icon) ? icon.key : null
}

describe('menu icons', () => {
  it('the antd names the seed uses get their own icon, not the fallback', () => {
    expect(keyOf('ApartmentOutlined')).toBe('apartment')
    expect(keyOf('IdcardOutlined')).toBe('idcard')
    expect(keyOf('BookOutlined')).toBe('book')
    expect(keyOf('ClusterOutlined')).toBe('cluster')
    expect(keyOf('NotificationOutlined')).toBe('message')
    expect(keyOf('PaperClipOutlined')).toBe('attach')
    expect(keyOf('SettingOutlined')).toBe('setting')
  })

  it('BladeX icon class names match by keyword; unknown and empty fall back to the menu icon', () => {
    expect(keyOf('iconfont iconicon_setting')).toBe('setting')
    expect(keyOf('iconfont icon-nothing-known')).toBeNull()
    expect(keyOf(undefined)).toBeNull()
  })
})
