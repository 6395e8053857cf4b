import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { inspectionPathContract, pointTreeCall } from '@xpark/contract/modules/inspection'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import paths from './paths'

/** 巡检路线: the points are walked in the order they are listed, and that order is what is sent. */
const points = ['东门岗亭', '配电房', '地下车库'].map((name, i) => ({
  id: String(101 + i),
  parentId: '0',
  title: name,
  key: String(101 + i),
  value: String(101 + i),
  isLeaf: true,
}))

function setup() {
  useSession.setState({
    token: 't',
    permission: { inspection_path_add: true, inspection_path_view: true },
    userInfo: { id: 'u' } as never,
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith(`/${inspectionPathContract.path}/list`))
      return ok({ records: [], total: 0, size: 10, current: 1, pages: 0, orders: [], searchCount: true })
    if (url.pathname.endsWith(`/${pointTreeCall.path}`)) return ok(points)
    return ok({ id: '9' })
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={paths} />)
  return api
}

async function pick(line: number, title: string) {
  await userEvent.click(
    screen.getByTestId(`bill-line-pointId-${line}`).querySelector('.ant-select-content, input')!,
  )
  await userEvent.click((await screen.findAllByTitle(title)).at(-1)!)
}

describe('巡检路线 (path lines)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('sends the points in the order they were listed, not the tree’s', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('inspection-path-add'))
    const form = await screen.findByTestId('crud-form')
    await userEvent.type(within(form).getByTestId('crud-form-name'), '夜间路线')
    for (const [line, name] of ['地下车库', '东门岗亭', '配电房'].entries()) {
      await userEvent.click(screen.getByTestId('bill-add-line'))
      await pick(line, name)
    }
    await userEvent.click(screen.getByTestId('inspection-path-form-submit'))
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/path/submit'))).toBe(true))
    const body = JSON.parse(
      String(api.calls.find((c) => c.url.pathname.endsWith('/path/submit'))!.init?.body),
    )
    expect(body).toMatchObject({ name: '夜间路线' })
    expect(body.points.map((p: { pointId: string }) => p.pointId)).toEqual(['103', '101', '102'])
  })
})
