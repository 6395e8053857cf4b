import { describe, expect, it } from 'vitest'
import { menuName } from './menuNames'

describe('menu names in the console language', () => {
  it('English shows the seeded menus in English and any other menu as stored; Chinese shows the stored name', () => {
    expect(menuName({ code: 'user', name: '用户管理' }, 'en-US')).toBe('Users')
    expect(menuName({ code: 'oss', name: '对象存储' }, 'en-US')).toBe('Object storage')
    expect(menuName({ code: 'my_own', name: '自建菜单' }, 'en-US')).toBe('自建菜单')
    expect(menuName({ code: 'user', name: '人员' }, 'zh-CN')).toBe('人员')
    expect(menuName({ name: '无编号' }, 'en-US')).toBe('无编号')
  })
})
