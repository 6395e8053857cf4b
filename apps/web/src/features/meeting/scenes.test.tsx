import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SceneRow } from '@xpark/contract/modules/meeting'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import DisplayPage from './DisplayPage'
import { ExecButton } from './sceneInputs'

const scene: SceneRow = {
  id: '7',
  name: '会议开始',
  roomId: null,
  roomName: null,
  remark: '',
  stepCount: 2,
  runningSince: null,
  createTime: '2026-01-01 08:00:00',
}
const step = (machineName: string, result: number, resultName: string, reason: string) => ({
  machineId: '1',
  machineName,
  control: '1',
  controlName: '开机',
  result,
  resultName,
  reason,
  elapsedMs: 5,
})

describe('scene screens', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('执行 asks first, runs the scene, and shows each step (a partial failure with its reason)', async () => {
    useSession.setState({ token: 't', permission: { scene_exec: true } })
    const api = stubFetch((url) =>
      url.pathname.endsWith('/scene/exec')
        ? ok({
            logId: '9',
            result: 2,
            resultName: '部分失败',
            steps: [step('灯光', 1, '成功', ''), step('空调', 0, '未执行', '设备离线')],
          })
        : ok({}),
    )
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<ExecButton row={scene} />)
    await userEvent.click(screen.getByTestId('scene-exec-7'))
    expect(
      (await screen.findAllByText('确定执行场景 会议开始? 将依次控制场景中的设备')).length,
    ).toBeGreaterThan(0)
    expect(api.calls.length).toBe(0)
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }))
    expect(await screen.findByTestId('scene-run-result')).toBeTruthy()
    expect(screen.getByText('部分失败')).toBeTruthy()
    expect(screen.getByText('设备离线')).toBeTruthy()
    const call = api.calls.find((c) => c.url.pathname.endsWith('/scene/exec'))!
    expect(call.url.searchParams.get('id')).toBe('7')
  })

  it('执行 is not offered without scene_exec', () => {
    useSession.setState({ token: 't', permission: {} })
    renderScreen(<ExecButton row={scene} />)
    expect(screen.queryByTestId('scene-exec-7')).toBeNull()
  })

  it('the door screen shows the board for the room and its key', async () => {
    useSession.setState({ token: '', permission: {} })
    const api = stubFetch(() =>
      ok({
        room: { id: '3', name: '一号会议室', place: 'A座3楼', capacity: 20 },
        current: {
          id: '5',
          name: '项目评审会',
          startTime: '2026-01-01 09:00:00',
          endTime: '2026-01-01 10:00:00',
          status: 2,
          organiserName: '管理员',
        },
        next: null,
        pictures: [],
        tableCards: [{ userId: '1', userName: '张三', deptName: '研发部', groupName: '主持', seat: '1号座' }],
        signCode: 'xpark-meeting:5',
      }),
    )
    vi.stubGlobal('fetch', api.fn)
    renderScreen(
      <Routes>
        <Route path="/meeting-display/:roomId" element={<DisplayPage />} />
      </Routes>,
      '/meeting-display/3?key=abc',
    )
    expect(await screen.findByText('项目评审会')).toBeTruthy()
    expect(screen.getByText('张三')).toBeTruthy()
    expect(screen.getByText('暂无会议')).toBeTruthy()
    expect(screen.getByTestId('meeting-display-qr')).toBeTruthy()
    const call = api.calls[0]!
    expect(call.url.pathname).toMatch(/park-meeting\/display\/board$/)
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ roomId: '3', token: 'abc' })
  })
})
