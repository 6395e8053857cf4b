import { describe, expect, it, vi } from 'vitest'
import { createHttp, type HttpDeps, HttpError } from './httpCore'

function setup(reply: { status?: number; body?: unknown } | Error, extra: Partial<HttpDeps> = {}) {
  const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    if (reply instanceof Error) throw reply
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {})
    return new Response(text, { status: reply.status ?? 200 })
  })
  const deps = {
    baseUrl: '/xparkApi',
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => 'tok',
    getClientId: () => 'saber',
    notifyError: vi.fn(),
    onUnauthorized: vi.fn(),
    recordFailure: vi.fn(),
    progress: { start: vi.fn(), done: vi.fn() },
    statusWhiteList: [] as number[],
    timeoutMs: 10_000,
    t: (key: string) => ({ 'unknown error': '未知错误', 'data not found': '数据未找到' })[key] ?? key,
    ...extra,
  } satisfies HttpDeps
  return { http: createHttp(deps), deps, fetchMock }
}

const ok = { code: 200, success: true, data: { a: 1 }, msg: '操作成功' }

describe('HTTP client (spec 01 §8)', () => {
  it('resolves a 200 reply with body code 200', async () => {
    const { http, deps } = setup({ body: ok })
    await expect(http.get('x')).resolves.toEqual(ok)
    expect(deps.notifyError).not.toHaveBeenCalled()
  })

  it('sends the public client id as Basic auth (no secret) and the token as Blade-Auth bearer', async () => {
    const { http, fetchMock } = setup({ body: ok })
    await http.get('blade-user/info', { a: 1, empty: undefined })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/xparkApi/blade-user/info?a=1')
    const headers = init!.headers as Record<string, string>
    expect(headers.Authorization).toBe(`Basic ${btoa('saber:')}`)
    expect(headers['Blade-Auth']).toBe('bearer tok')
  })

  it('omits Blade-Auth on public calls', async () => {
    const { http, fetchMock } = setup({ body: ok })
    await http.get('console/settings', undefined, { auth: false })
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Blade-Auth']).toBeUndefined()
  })

  it('takes the status from body.code before the HTTP status: body code 500 is an error', async () => {
    const { http, deps } = setup({ status: 200, body: { code: 500, msg: 'boom' } })
    await expect(http.get('x')).rejects.toMatchObject({ status: 500, message: 'boom' })
    expect(deps.notifyError).toHaveBeenCalledWith('boom')
  })

  it('a 403 asking for an initial password change tells the shell, quietly (no toast per refused call)', async () => {
    const onPasswordChangeRequired = vi.fn()
    const { http, deps } = setup(
      {
        status: 403,
        body: { code: 403, success: false, data: { passwordChangeRequired: true }, msg: '请先修改初始密码' },
      },
      { onPasswordChangeRequired },
    )
    await expect(http.get('x')).rejects.toMatchObject({ status: 403, message: '请先修改初始密码' })
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1)
    expect(deps.notifyError).not.toHaveBeenCalled()
    // any other 403 is an error like the rest
    const other = setup({ status: 403, body: { code: 403, success: false, data: {}, msg: '缺少权限: x' } })
    await expect(other.http.get('x')).rejects.toMatchObject({ status: 403 })
    expect(other.deps.notifyError).toHaveBeenCalledWith('缺少权限: x')
  })

  it('shows a toast and rejects on body code 400', async () => {
    const { http, deps } = setup({ status: 200, body: { code: 400, msg: 'bad input' } })
    await expect(http.get('x')).rejects.toBeInstanceOf(HttpError)
    expect(deps.notifyError).toHaveBeenCalledWith('bad input')
  })

  it('handles HTTP statuses up to 500 itself: any status other than 200 toasts and rejects', async () => {
    const { http, deps } = setup({ status: 403, body: { code: 403, msg: '缺失令牌' } })
    await expect(http.get('x')).rejects.toMatchObject({ status: 403 })
    expect(deps.notifyError).toHaveBeenCalledWith('缺失令牌')
  })

  it('takes the message from msg, then message, then error_description, then unknown error', async () => {
    const cases: [unknown, string][] = [
      [{ code: 400, msg: 'm1', message: 'm2', error_description: 'm3' }, 'm1'],
      [{ code: 400, message: 'm2', error_description: 'm3' }, 'm2'],
      [
        { error_code: 400, error: 'invalid_grant', error_description: '用户名或密码错误' },
        '用户名或密码错误',
      ],
      [{ code: 400 }, '未知错误'],
    ]
    for (const [body, text] of cases) {
      const { http, deps } = setup({ status: 400, body })
      await expect(http.get('x')).rejects.toMatchObject({ message: text })
      expect(deps.notifyError).toHaveBeenCalledWith(text)
    }
  })

  it('reports a 404 as data not found', async () => {
    const { http, deps } = setup({ status: 404, body: { code: 404, msg: 'No static resource' } })
    await expect(http.get('x')).rejects.toMatchObject({ status: 404, message: '数据未找到' })
    expect(deps.notifyError).toHaveBeenCalledWith('数据未找到')
  })

  it('forces logout on 401 (HTTP or body code)', async () => {
    for (const reply of [
      { status: 401, body: { code: 401, msg: '请求未授权' } },
      { status: 200, body: { code: 401 } },
    ]) {
      const { http, deps } = setup(reply)
      await expect(http.get('x')).rejects.toMatchObject({ status: 401 })
      expect(deps.onUnauthorized).toHaveBeenCalledTimes(1)
    }
  })

  it('rejects statuses on the white list without a toast or logout', async () => {
    const { http, deps } = setup({ status: 401, body: { code: 401 } }, { statusWhiteList: [401] })
    await expect(http.get('x')).rejects.toMatchObject({ status: 401 })
    expect(deps.notifyError).not.toHaveBeenCalled()
    expect(deps.onUnauthorized).not.toHaveBeenCalled()
  })

  it('rejects network errors quietly and records them', async () => {
    const { http, deps } = setup(new TypeError('Failed to fetch'))
    await expect(http.get('x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' })
    expect(deps.notifyError).not.toHaveBeenCalled()
    expect(deps.recordFailure).toHaveBeenCalled()
  })

  it('rejects HTTP statuses above 500 without handling them', async () => {
    const { http, deps } = setup({ status: 502, body: 'Bad Gateway' })
    await expect(http.get('x')).rejects.toMatchObject({ status: 502 })
    expect(deps.notifyError).not.toHaveBeenCalled()
  })

  it('times out after the configured time (10 s)', async () => {
    vi.useFakeTimers()
    try {
      const fetchNever = vi.fn(
        (_u: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      )
      const { http } = setup({ body: ok }, { fetch: fetchNever as unknown as typeof fetch })
      const pending = http.get('x')
      const assertion = expect(pending).rejects.toMatchObject({
        status: 0,
        message: 'timeout of 10000ms exceeded',
      })
      await vi.advanceTimersByTimeAsync(10_000)
      await assertion
    } finally {
      vi.useRealTimers()
    }
  })

  it('records failed requests in the error log', async () => {
    const { http, deps } = setup({ status: 500, body: { code: 500, msg: '服务器异常' } })
    await expect(http.get('x')).rejects.toBeInstanceOf(HttpError)
    expect(deps.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: '服务器异常', status: 500 }),
    )
  })

  it('runs the progress bar for the duration of each request, success or failure', async () => {
    const { http, deps } = setup({ status: 500, body: { code: 500 } })
    await expect(http.get('x')).rejects.toBeInstanceOf(HttpError)
    expect(deps.progress.start).toHaveBeenCalledTimes(1)
    expect(deps.progress.done).toHaveBeenCalledTimes(1)
  })

  it('sends a JSON body on submit', async () => {
    const { http, fetchMock } = setup({ body: ok })
    await http.post('blade-system/param/submit', undefined, { paramName: 'n' })
    const init = fetchMock.mock.calls[0]![1]!
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"paramName":"n"}')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })
})
