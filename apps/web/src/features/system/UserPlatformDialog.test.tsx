import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { UserPlatformDialog, userExtProblem } from './UserPlatformDialog'
import type { User } from './user'

const staff = { id: '7', account: 'staff', realName: '园区职员' } as User

describe('平台配置 (user platform)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('extension data is empty or a JSON object', () => {
    expect(userExtProblem('')).toBeNull()
    expect(userExtProblem('{"a":1}')).toBeNull()
    expect(userExtProblem('[1]')).toBe('user.platformExtObject')
    expect(userExtProblem('{oops')).toBe('user.platformExtObject')
  })

  it('loads the platform detail, refuses bad JSON, and saves type and extension', async () => {
    useSession.setState({ token: 't' })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/platform-detail'))
        return ok({ id: '7', account: 'staff', realName: '园区职员', userType: 1, userExt: '' })
      return ok(true)
    })
    vi.stubGlobal('fetch', api.fn)
    const onClose = vi.fn()
    renderScreen(<UserPlatformDialog user={staff} onClose={onClose} />)
    expect(await screen.findByText('平台配置 · staff')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('WEB')).toBeTruthy())
    const ext = screen.getByTestId('user-platform-ext')
    await userEvent.type(ext, '[[1]')
    await userEvent.click(screen.getByTestId('user-platform-submit'))
    expect(await screen.findByText('用户拓展应为 JSON 对象')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/update-platform'))).toBe(false)
    await userEvent.clear(ext)
    await userEvent.type(ext, '{{"employeeNo":"A001"}')
    await userEvent.click(screen.getByTestId('user-platform-submit'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const call = api.calls.find((c) => c.url.pathname.endsWith('/update-platform'))!
    expect(JSON.parse(String(call.init!.body))).toEqual({
      userId: '7',
      userType: 1,
      userExt: '{"employeeNo":"A001"}',
    })
  })
})
