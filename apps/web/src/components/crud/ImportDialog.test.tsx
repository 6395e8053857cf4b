import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen } from '@/test/render'
import { ImportDialog, type ImportSummary } from './ImportDialog'

const summary: ImportSummary = {
  total: 3,
  imported: 2,
  updated: 0,
  errors: [{ row: 3, messages: ['角色不存在: 无此角色', '手机号码: wrong'] }],
}

const xlsx = (name = 'users.xlsx') => new File(['PK'], name, { type: 'application/octet-stream' })
const fileInput = () =>
  screen.getByTestId('import-dialog').querySelector('input[type=file]') as HTMLInputElement

/** fetch answering the upload when `release` is called, recording the request */
function slowUpload(answer: unknown) {
  const calls: { url: URL; init?: RequestInit }[] = []
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: new URL(String(input), 'http://localhost'), init })
    await gate
    return new Response(JSON.stringify(answer), { status: 200 })
  })
  return { calls, release: () => release() }
}

function open(onImported = vi.fn(), onClose = vi.fn()) {
  useSession.setState({ token: 't' })
  renderScreen(
    <ImportDialog
      open
      importUrl="blade-user/import-user"
      templateUrl="blade-user/export-template"
      onClose={onClose}
      onImported={onImported}
    />,
  )
  return { onImported, onClose }
}

describe('ImportDialog', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('uploads the chosen xlsx with isCovered=1, locked while it runs, then lists the bad rows', async () => {
    const server = slowUpload(ok(summary))
    const { onImported } = open()
    const submit = screen.getByTestId('import-submit')
    expect(submit).toHaveProperty('disabled', true)
    await userEvent.upload(fileInput(), xlsx())
    expect(await screen.findByText('users.xlsx')).toBeTruthy()
    await userEvent.click(submit)

    // uploading: the button spins, nothing else can be touched
    await waitFor(() => expect(submit.className).toMatch(/ant-btn-loading/))
    expect(screen.getByTestId('import-close')).toHaveProperty('disabled', true)
    expect(fileInput()).toHaveProperty('disabled', true)
    const sent = server.calls[0]!
    expect(sent.url.pathname).toBe('/xparkApi/blade-user/import-user')
    expect(sent.url.searchParams.get('isCovered')).toBe('1')
    expect((sent.init!.body as FormData).get('file')).toBeInstanceOf(File)
    expect((sent.init!.headers as Record<string, string>)['Blade-Auth']).toBe('bearer t')

    server.release()
    const result = await screen.findByTestId('import-result')
    expect(within(result).getByText('共 3 条: 新增 2 条, 更新 0 条, 有误 1 条')).toBeTruthy()
    const errors = within(result).getByTestId('import-errors')
    expect(within(errors).getByText('行号')).toBeTruthy()
    const row = within(errors).getByText('3').closest('tr')!
    expect(row.textContent).toContain('角色不存在: 无此角色; 手机号码: wrong')
    expect(onImported).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('import-close')).toHaveProperty('disabled', false)
  })

  it('shows the initial password of the accounts an import created, once', async () => {
    const server = slowUpload(ok({ ...summary, initialPassword: 'Kp7-xQ2mZ9@wRt' }))
    open()
    server.release()
    await userEvent.upload(fileInput(), xlsx())
    await userEvent.click(screen.getByTestId('import-submit'))
    const result = await screen.findByTestId('import-result')
    expect(within(result).getByText(/新账号的初始密码/)).toBeTruthy()
    expect(within(result).getByTestId('import-password').textContent).toContain('Kp7-xQ2mZ9@wRt')
  })

  it('refuses a file that is not .xlsx before any upload', async () => {
    const server = slowUpload(ok(summary))
    open()
    await userEvent.upload(fileInput(), xlsx('users.csv'), { applyAccept: false })
    expect(await screen.findByText('只能导入 xlsx 文件')).toBeTruthy()
    expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', true)
    expect(server.calls).toEqual([])
  })

  it('a refused upload shows the server message and keeps the dialog open', async () => {
    const server = slowUpload({ code: 400, success: false, data: {}, msg: '请上传 xlsx 格式的 Excel 文件' })
    const { onImported } = open()
    server.release()
    await userEvent.upload(fileInput(), xlsx())
    await userEvent.click(screen.getByTestId('import-submit'))
    expect(await screen.findByText('请上传 xlsx 格式的 Excel 文件')).toBeTruthy()
    expect(screen.queryByTestId('import-result')).toBeNull()
    expect(onImported).not.toHaveBeenCalled()
  })
})
