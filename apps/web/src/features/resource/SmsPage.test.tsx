import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import SmsPage from './SmsPage'

const rows = [
  { id: '7', category: 5, smsCode: 'log', templateId: 'T-1', signName: '园区', status: 2 },
  { id: '8', category: 3, smsCode: 'ali', templateId: 'SMS_1', signName: '园区', status: 1 },
]
const smsDict = [
  { dictKey: '3', dictValue: '阿里云' },
  { dictKey: '5', dictValue: '日志' },
]
const all = {
  sms_add: true,
  sms_edit: true,
  sms_delete: true,
  sms_view: true,
  sms_enable: true,
  sms_send: true,
}

function setup(permission: Record<string, boolean> = all) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/sms/page'))
      return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/sms/detail')) return ok(rows.find((r) => r.id === url.searchParams.get('id')))
    if (url.pathname.endsWith('/dictionary')) return ok(smsDict)
    if (url.pathname.endsWith('/sms/send-message'))
      return ok({ success: true, code: 200, msg: '已记录到日志: 1 条' })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<SmsPage />)
  return api
}

describe('SMS configuration screen', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('lists configurations with the sms dict label; 启用 on the disabled one, 发送短信 on both', async () => {
    setup()
    expect(await screen.findByText('SMS_1')).toBeTruthy()
    expect(await screen.findByText('阿里云')).toBeTruthy()
    expect(screen.getByTestId('sms-row-enable-8')).toBeTruthy()
    expect(screen.queryByTestId('sms-row-enable-7')).toBeNull()
    expect(screen.getByTestId('sms-row-send-7')).toBeTruthy()
  })

  it('the test message dialog sends code, phones and params, and shows the answer', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('sms-row-send-7'))
    expect(await screen.findByText('发送短信: log')).toBeTruthy()
    await userEvent.type(screen.getByTestId('sms-send-phones'), '13800000001,13800000002')
    await userEvent.click(screen.getByTestId('sms-send-params'))
    await userEvent.paste('{"code":"1234"}')
    await userEvent.click(screen.getByTestId('sms-send-submit'))
    expect(await screen.findByText('已记录到日志: 1 条')).toBeTruthy()
    const call = api.calls.find((c) => c.url.pathname.endsWith('/sms/send-message'))!
    expect(call.init?.method).toBe('POST')
    const sent = {
      ...Object.fromEntries(call.url.searchParams),
      ...(call.init?.body ? JSON.parse(String(call.init.body)) : {}),
    }
    expect(sent).toMatchObject({ code: 'log', phones: '13800000001,13800000002', params: '{"code":"1234"}' })
  })

  it('refuses empty phones (手机号码不能为空) and bad params without calling the server', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('sms-row-send-8'))
    await userEvent.click(await screen.findByTestId('sms-send-submit'))
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy()
    await userEvent.type(screen.getByTestId('sms-send-phones'), '13800000001')
    await userEvent.click(screen.getByTestId('sms-send-params'))
    await userEvent.paste('not json')
    await userEvent.click(screen.getByTestId('sms-send-submit'))
    expect(await screen.findByText('模版参数须为 JSON 对象, 例如 {"code":"1234"}')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/sms/send-message'))).toBe(false)
  })

  it('no row actions without sms_enable / sms_send', async () => {
    setup({ sms_view: true })
    expect(await screen.findByText('SMS_1')).toBeTruthy()
    expect(screen.queryByTestId('sms-row-enable-8')).toBeNull()
    expect(screen.queryByTestId('sms-row-send-7')).toBeNull()
  })

  it('blank keys are not sent on edit', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-8'))
    await waitFor(() => expect((screen.getByTestId('sms-smsCode') as HTMLInputElement).value).toBe('ali'))
    await userEvent.click(screen.getByTestId('sms-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const body = JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/sms/submit'))!.init!.body))
    expect(body).not.toHaveProperty('accessKey')
    expect(body).not.toHaveProperty('secretKey')
  })
})
