import { screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CrudPage } from './CrudPage'
import type { CrudResource } from './types'

/** A resource for the CrudPage tests: two searchable text columns, a date range, cell editing. */
export interface Thing {
  id: string
  name: string
  code: string
  createTime?: string
}

export const things: Thing[] = Array.from({ length: 10 }, (_, i) => ({
  id: String(i + 1),
  name: `name-${i + 1}`,
  code: `code${i + 1}`,
  createTime: '2024-01-01 10:00:00',
}))

/** code must be lower-case letters and digits (a zod-like schema: only `safeParse` is needed) */
export const thingSchema = {
  safeParse(value: unknown) {
    const code = (value as Partial<Thing>).code
    const bad = code !== undefined && code !== null && !/^[a-z0-9]*$/.test(code)
    return bad
      ? { success: false, error: { issues: [{ path: ['code'], message: 'code: lower-case only' }] } }
      : { success: true }
  },
}

export const thingResource = (over: Partial<CrudResource<Thing>> = {}): CrudResource<Thing> => ({
  path: 'demo/thing',
  permissionPrefix: 'thing',
  title: 'Thing',
  columns: [
    {
      prop: 'name',
      label: 'Name',
      search: 'input',
      editable: true,
      form: { rules: [{ required: true, whitespace: true, message: 'name required' }] },
    },
    { prop: 'code', label: 'Code', search: 'input', searchOperator: 'like', editable: true },
    { prop: 'createTime', label: 'Created', search: 'dateRange', form: false },
  ],
  formSchema: thingSchema,
  ...over,
})

/** The table row holding a text, by role (the same for the windowed body and a tree's plain table). */
export const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="row"]')!

export const allPermissions = { thing_add: true, thing_edit: true, thing_delete: true, thing_view: true }

type Answer = (url: URL, init: RequestInit | undefined) => unknown

/** Render a CrudPage over a stubbed API: page answers `things` (total 35), other calls `ok(null)`. */
export function setup(
  resource: CrudResource<Thing> = thingResource(),
  {
    permission = allPermissions,
    answer,
    wrap = (ui) => ui,
  }: {
    permission?: Record<string, boolean>
    answer?: Answer
    wrap?: (ui: ReactElement) => ReactElement
  } = {},
) {
  useSession.setState({ token: 't', permission, userInfo: { id: 'u1' } as never })
  const api = stubFetch((url, init) => {
    const custom = answer?.(url, init)
    if (custom !== undefined) return custom
    if (url.pathname.endsWith('/page'))
      return ok({ records: things, total: 35, size: 10, current: 1, pages: 4, orders: [], searchCount: true })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  const view = renderScreen(wrap(<CrudPage resource={resource} />))
  return { api, view, pageCalls: () => api.calls.filter((c) => c.url.pathname.endsWith('/page')) }
}
