import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Form } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { HostInput } from './visits'

/** 访客管理's host field: the person chosen is the form's `hostId` (Form.Item's value reaches the select). */
describe('HostInput', () => {
  beforeEach(() => {
    useSession.setState({ token: 't', permission: {}, userInfo: { id: 'u' } as never })
    const api = stubFetch(() =>
      ok({
        records: [{ id: '42', account: 'host', realName: '接待人', deptName: '示范园区', phone: '' }],
        total: 1,
        size: 50,
        current: 1,
        pages: 1,
      }),
    )
    vi.stubGlobal('fetch', api.fn)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sets hostId to the person picked', async () => {
    const finished = vi.fn()
    renderScreen(
      <Form onFinish={finished}>
        <Form.Item name="hostId" rules={[{ required: true, message: '请选择被访人' }]}>
          <HostInput testId="host" />
        </Form.Item>
        <Button htmlType="submit">save</Button>
      </Form>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox'))
    await user.click(await screen.findByTitle('接待人 (host)'))
    await user.click(screen.getByRole('button', { name: 'save' }))
    await waitFor(() => expect(finished).toHaveBeenCalledWith({ hostId: '42' }))
    expect(screen.queryByText('请选择被访人')).toBeNull()
  })
})
