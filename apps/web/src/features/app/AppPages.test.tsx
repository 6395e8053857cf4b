import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import AppInfoPage from './AppInfoPage'
import AppStartupPage from './AppStartupPage'
import { startupBody } from './appStartup'

const releases = [
  {
    id: '5',
    appName: '智慧园区',
    platform: 'android',
    versionName: '1.1.0',
    versionCode: 110,
    forceUpdate: true,
    status: 1,
  },
  {
    id: '6',
    appName: '智慧园区',
    platform: 'ios',
    versionName: '1.0.0',
    versionCode: 100,
    forceUpdate: false,
    status: 0,
  },
]
const pages = [
  { id: '9', title: '欢迎使用智慧园区', imageUrl: 'https://cdn.example.com/a.png', sort: 1, status: 1 },
]

function setup(permission: Record<string, boolean>) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/appInfo/page'))
      return ok({ records: releases, total: 2, size: 10, current: 1, pages: 1 })
    if (p.endsWith('/appStartup/page'))
      return ok({ records: pages, total: 1, size: 10, current: 1, pages: 1 })
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  return api
}
const bodyOf = (api: ReturnType<typeof setup>, end: string) =>
  JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith(end))!.init!.body))

describe('app screens (APP版本, 启动页)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('APP版本 lists releases with platform and status labels; a new one defaults to android, enabled', async () => {
    const api = setup({ appinfo_add: true })
    renderScreen(<AppInfoPage />)
    expect(await screen.findByText('Android')).toBeTruthy()
    expect(screen.getByText('iOS')).toBeTruthy()
    expect(screen.getByText('启用')).toBeTruthy()
    expect(screen.getByText('停用')).toBeTruthy()
    await userEvent.click(screen.getByTestId('appinfo-add'))
    await userEvent.click(screen.getByTestId('appinfo-form-submit'))
    expect(await screen.findByText('请输入应用名称')).toBeTruthy()
    expect(screen.getByText('请输入版本号')).toBeTruthy()
    await userEvent.type(screen.getByTestId('appinfo-appName'), '智慧园区')
    await userEvent.type(screen.getByTestId('appinfo-versionName'), '1.2.0')
    await userEvent.type(screen.getByTestId('appinfo-versionCode'), '120')
    await userEvent.type(screen.getByTestId('appinfo-downloadUrl'), 'ftp://x')
    await userEvent.click(screen.getByTestId('appinfo-form-submit'))
    expect(await screen.findByText('下载地址必须以 http 或 https 开头')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/appInfo/submit'))).toBe(false)
    await userEvent.clear(screen.getByTestId('appinfo-downloadUrl'))
    await userEvent.type(screen.getByTestId('appinfo-downloadUrl'), 'https://d.example.com/1.2.0.apk')
    await userEvent.click(screen.getByTestId('appinfo-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(bodyOf(api, '/appInfo/submit')).toMatchObject({
      appName: '智慧园区',
      platform: 'android',
      versionName: '1.2.0',
      versionCode: 120,
      status: 1,
      forceUpdate: false,
    })
  })

  it('启动页 shows the image; blank start/end times travel as null (no bound)', async () => {
    const api = setup({ appstartup_add: true })
    renderScreen(<AppStartupPage />)
    expect(await screen.findByText('欢迎使用智慧园区')).toBeTruthy()
    expect(document.querySelector('img[src="https://cdn.example.com/a.png"]')).toBeTruthy()
    await userEvent.click(screen.getByTestId('appstartup-add'))
    await userEvent.type(screen.getByTestId('appstartup-title'), '春节活动')
    await userEvent.type(screen.getByTestId('appstartup-imageUrl'), 'https://cdn.example.com/spring.png')
    await userEvent.click(screen.getByTestId('appstartup-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(bodyOf(api, '/appStartup/submit')).toMatchObject({
      title: '春节活动',
      imageUrl: 'https://cdn.example.com/spring.png',
      startTime: null,
      endTime: null,
      status: 1,
    })
    expect(startupBody({ startTime: '2025-01-01 00:00:00', endTime: '' })).toEqual({
      startTime: '2025-01-01 00:00:00',
      endTime: null,
    })
  })
})
