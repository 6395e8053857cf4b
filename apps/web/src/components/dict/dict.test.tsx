import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { DictSelect } from './DictSelect'
import { DictTag } from './DictTag'

const entry = (dictKey: string, dictValue: string, sort: number) => ({
  id: `${sort}`,
  parentId: '9',
  code: 'plate_color',
  dictKey,
  dictValue,
  sort,
  remark: '',
  isSealed: 0,
})
const plates = [entry('0', '其他', 1), entry('1', '蓝色', 2), entry('2', '黄色', 3)]
const bizPlates = [entry('1', '蓝牌', 1)]

function stub() {
  useSession.setState({ token: 't' })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/blade-system/dict/dictionary')) return ok(plates)
    if (url.pathname.endsWith('/blade-system/dict-biz/dictionary')) return ok(bizPlates)
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  return api
}

const dictionaryCalls = (api: ReturnType<typeof stub>) =>
  api.calls.filter((c) => c.url.pathname.endsWith('/dictionary'))

describe('DictSelect and DictTag', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('DictTag shows the label of a key; an unknown key shows as itself', async () => {
    stub()
    renderScreen(
      <>
        <DictTag code="plate_color" value={1} />
        <DictTag code="plate_color" value="2,7" />
      </>,
    )
    expect(await screen.findByText('蓝色')).toBeTruthy()
    expect(screen.getByText('黄色')).toBeTruthy()
    expect(screen.getByText('7')).toBeTruthy()
  })

  it('every select and tag of one code shares one request', async () => {
    const api = stub()
    renderScreen(
      <>
        <DictSelect code="plate_color" value="1" />
        <DictSelect code="plate_color" />
        <DictTag code="plate_color" value="0" />
      </>,
    )
    expect(await screen.findByText('其他')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByText('蓝色').length).toBeGreaterThan(0))
    const calls = dictionaryCalls(api)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url.pathname).toMatch(/\/blade-system\/dict\/dictionary$/)
    expect(calls[0]!.url.searchParams.get('code')).toBe('plate_color')
  })

  it('offers the entries as options and emits the chosen key (as a number when asked)', async () => {
    stub()
    const onChange = vi.fn()
    renderScreen(<DictSelect code="plate_color" numeric onChange={onChange} data-testid="plate" />)
    const box = await screen.findByRole('combobox')
    await waitFor(() => expect(box.closest('.ant-select')?.className).not.toMatch(/loading/))
    await userEvent.click(box)
    await userEvent.click(await screen.findByText('黄色'))
    expect(onChange).toHaveBeenCalledWith(2)
  })

  it('shows the selected label for a numeric value and supports multiple keys', async () => {
    stub()
    renderScreen(<DictSelect code="plate_color" multiple value={[0, 1]} />)
    expect(await screen.findByText('其他')).toBeTruthy()
    expect(screen.getByText('蓝色')).toBeTruthy()
  })

  it('biz reads the tenant business dictionary', async () => {
    const api = stub()
    renderScreen(<DictTag code="plate_color" biz value="1" />)
    expect(await screen.findByText('蓝牌')).toBeTruthy()
    expect(dictionaryCalls(api)[0]!.url.pathname).toMatch(/\/blade-system\/dict-biz\/dictionary$/)
  })
})
