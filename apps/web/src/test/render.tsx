import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { TreeNode } from '@xpark/contract/schemas'
import { App } from 'antd'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'

/** Render a screen the way the shell hosts it: antd App (message/modal), a fresh query cache, a router. */
export function renderScreen(ui: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <App>{ui}</App>
      </QueryClientProvider>
    </MemoryRouter>,
  )
}

/** A fetch stub answering by path; records every call. */
export function stubFetch(answer: (url: URL, init: RequestInit | undefined) => unknown) {
  const calls: { url: URL; init: RequestInit | undefined }[] = []
  const fn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push({ url, init })
    return new Response(JSON.stringify(answer(url, init)), { status: 200 })
  }
  return { fn: fn as typeof fetch, calls }
}

export const ok = <T,>(data: T) => ({ code: 200, success: true, data, msg: '操作成功' })

/** One node of a tree answered a level at a time (`lazy-tree` calls): its code is its id, key and value. */
export const lazyTreeNode = (
  code: string,
  parent: string,
  title: string,
  hasChildren: boolean,
): TreeNode => ({
  id: code,
  parentId: parent,
  title,
  key: code,
  value: code,
  hasChildren,
})
