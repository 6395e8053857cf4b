import { INTERCOM_WARNINGS } from '@xpark/contract/modules/intercom'
import { describe, expect, it } from 'vitest'
import i18n from '@/i18n'
import { IntercomError } from './api'
import { intercomMessage } from './feedback'
import { addPoint, emptyDraft, type FenceDraft, formOf } from './geometry'
import { parseFrames } from './liveStream'
import { orgTree } from './OrgMembers'
import { sanitise } from './RichText'
import './i18n'

describe('intercom console', () => {
  it('shows the spec warnings for a refused call, 504 as unreachable, anything else as fail', () => {
    expect(intercomMessage(new IntercomError(405, INTERCOM_WARNINGS.passwordExpired))).toEqual({
      level: 'warning',
      key: 'dispatcher password has expired, contact administrator to change it',
    })
    expect(intercomMessage(new IntercomError(-1, INTERCOM_WARNINGS.sessionInvalid)).key).toBe(
      'intercom interface error, session id verification failed, re-obtain session id',
    )
    expect(intercomMessage(new IntercomError(504, undefined)).key).toBe('intercom.unreachable')
    expect(intercomMessage(new IntercomError(400, undefined)).key).toBe('intercom.fail')
  })

  it('has every text in both languages (the English warnings are the spec texts)', async () => {
    for (const lng of ['zh-CN', 'en-US']) {
      await i18n.changeLanguage(lng)
      expect(i18n.t(INTERCOM_WARNINGS.passwordExpired as never)).not.toBe('')
    }
    expect(i18n.getResource('en-US', 'translation', INTERCOM_WARNINGS.sessionInvalid)).toBe(
      INTERCOM_WARNINGS.sessionInvalid,
    )
    expect(i18n.getResource('zh-CN', 'translation', INTERCOM_WARNINGS.passwordExpired)).toBe(
      '调度员密码已过期，请联系管理员修改',
    )
    const zh = Object.keys(i18n.getResourceBundle('zh-CN', 'translation')).filter((k) =>
      k.startsWith('intercom.'),
    )
    const en = new Set(
      Object.keys(i18n.getResourceBundle('en-US', 'translation')).filter((k) => k.startsWith('intercom.')),
    )
    expect(zh.length).toBeGreaterThan(80)
    expect(zh.filter((k) => !en.has(k))).toEqual([])
  })

  it('builds the org tree from OrgId/OrgParentId', () => {
    const tree = orgTree([
      { orgId: '1', orgParentId: '0', orgName: '园区保安部' },
      { orgId: '11', orgParentId: '1', orgName: '门岗' },
      { orgId: '111', orgParentId: '11', orgName: '东门' },
    ])
    expect(tree).toHaveLength(1)
    expect(tree[0]?.children?.[0]?.children?.[0]?.title).toBe('东门')
  })

  it('draws a fence by clicks: a circle takes one centre, a polygon needs three corners', () => {
    const circle = addPoint(
      addPoint({ ...emptyDraft(), fenceName: '东门', radius: 80 }, [31, 121]),
      [31.1, 121.1],
    )
    expect(formOf(circle)?.locations).toEqual([{ lat: 31.1, lng: 121.1, radius: 80 }])
    let polygon: FenceDraft = { ...emptyDraft(), fenceName: 'p', locationType: 1 }
    polygon = addPoint(addPoint(polygon, [1, 1]), [1, 2])
    expect(formOf(polygon)).toBeNull()
    expect(formOf(addPoint(polygon, [2, 2]))?.locations).toHaveLength(3)
  })

  it('reads server-sent event frames across chunk boundaries', () => {
    const first = parseFrames('event: locations\ndata: [["1",31,121,5]]\n\nevent: loc')
    expect(first.frames).toEqual([{ event: 'locations', data: '[["1",31,121,5]]' }])
    expect(parseFrames(`${first.rest}ations\ndata: []\n\n: ping\n\n`).frames).toEqual([
      { event: 'locations', data: '[]' },
    ])
  })

  it('sanitises broadcast rich text', () => {
    expect(
      sanitise('<p onclick="x()">注意<script>alert(1)</script><b>安全</b></p><a href="javascript:x">y</a>'),
    ).toBe('<p>注意<b>安全</b></p><a>y</a>')
  })
})
