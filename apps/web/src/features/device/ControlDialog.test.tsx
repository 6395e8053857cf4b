import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { ControlDialog, permittedControls } from './ControlDialog'

const door = { id: '9', name: 'A 栋大门门禁', type: 1 }

describe('控制 a machine', { timeout: 30_000 }, () => {
  beforeEach(() => {
    changeLanguage('zh-CN')
    useSession.setState({ token: 't', permission: { machine_control_door: true } })
  })
  afterEach(() => vi.unstubAllGlobals())

  const answering = (outcome: { result: number; resultName: string; reason: string }) =>
    stubFetch((url) => {
      if (url.pathname.endsWith('/queryMachineControl'))
        return ok([
          { dictKey: '4', dictValue: '开门' },
          { dictKey: '5', dictValue: '关门' },
        ])
      if (url.pathname.endsWith('/controlMachine')) return ok({ id: '1', elapsedMs: 40, ...outcome })
      return ok(null)
    })

  it("offers the type's controls, asks first, sends the chosen one and says it worked", async () => {
    const api = answering({ result: 1, resultName: '成功', reason: '' })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<ControlDialog machine={door} onClose={() => {}} />)
    await userEvent.click(await screen.findByTestId('device-control-4'))
    // nothing is sent before the confirmation
    expect(api.calls.some((c) => c.url.pathname.endsWith('/controlMachine'))).toBe(false)
    expect(await screen.findByText('确定对 A 栋大门门禁 执行「开门」?')).toBeTruthy()
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    expect(await screen.findByText('操作成功')).toBeTruthy()
    const sent = api.calls.find((c) => c.url.pathname.endsWith('/controlMachine'))!
    expect(JSON.parse(String(sent.init?.body))).toEqual({ machineId: '9', control: '4' })
  })

  it("tells the machine's refusal and a timeout as they are", async () => {
    vi.stubGlobal('fetch', answering({ result: 3, resultName: '超时', reason: '设备未响应' }).fn)
    renderScreen(<ControlDialog machine={door} onClose={() => {}} />)
    await userEvent.click(await screen.findByTestId('device-control-5'))
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() => expect(screen.getByText('超时: 设备未响应')).toBeTruthy())
  })

  it('offers only the controls the declared permissions allow: machine_control alone opens no door', async () => {
    useSession.setState({ permission: { machine_control: true } })
    vi.stubGlobal('fetch', answering({ result: 1, resultName: '成功', reason: '' }).fn)
    renderScreen(<ControlDialog machine={door} onClose={() => {}} />)
    expect(await screen.findByText('该设备没有可用的控制')).toBeTruthy()
    expect(screen.queryByTestId('device-control-4')).toBeNull()
    // the machine screen's button: a door needs machine_control_door, a light machine_control
    expect(permittedControls(1, { machine_control: true })).toEqual([])
    expect(permittedControls(5, { machine_control: true })).toEqual(['1', '2'])
    expect(permittedControls(1, { machine_control_door: true })).toEqual(['4', '5', '6', '7', '3'])
  })
})
