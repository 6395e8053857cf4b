import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { AssigneeField } from './AssigneeField'

/** The properties panel's assignee: a kind first, then who of that kind (written as `role:<id>`…). */
function Host({ seen }: { seen: (v: string) => void }) {
  const [value, setValue] = useState<string | undefined>(undefined)
  return (
    <AssigneeField
      value={value}
      onChange={(v) => {
        seen(v)
        setValue(v || undefined)
      }}
    />
  )
}

async function pick(testId: string, title: string) {
  const select = screen.getByTestId(testId)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const option = await waitFor(() => {
    const hit = document.querySelector(`.ant-select-item-option[title="${title}"]`)
    if (!hit) throw new Error(`no option ${title}`)
    return hit
  })
  fireEvent.click(option)
}

describe('AssigneeField', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('keeps a kind picked before anyone of it (a new task has no assignee yet), then writes role ids', async () => {
    useSession.setState({ token: 't', permission: {}, userInfo: { id: '7' } as never })
    const api = stubFetch((url) =>
      url.pathname.endsWith('/blade-system/search/role')
        ? ok([{ id: '5', parentId: '0', roleName: '人事', roleAlias: 'hr' }])
        : ok({ records: [], total: 0, size: 50, current: 1, pages: 0 }),
    )
    vi.stubGlobal('fetch', api.fn)
    const seen = vi.fn()
    renderScreen(<Host seen={seen} />)
    await pick('wfd-assignee-mode', '角色')
    // nothing stored yet, and still 角色: its roles are offered
    expect(seen).toHaveBeenLastCalledWith('')
    await waitFor(() => expect(screen.getByTestId('wfd-assignee-mode').textContent).toContain('角色'))
    await pick('wfd-assignee', '人事')
    expect(seen).toHaveBeenLastCalledWith('role:5')
  })
})
