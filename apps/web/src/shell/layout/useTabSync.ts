import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../stores/session'
import { HOME_PATH } from '../../stores/tabRules'
import { useTabs } from '../../stores/tabs'
import { findByPath } from '../menu'

/**
 * Every framed navigation opens (or shows) its tab. A `target` query opens the page in a new window
 * instead, and the current window stays where it was.
 */
export function useTabSync(currentKey: string, known: boolean): void {
  const navigate = useNavigate()
  // re-run when the menu arrives: a tab opened before it is labelled by path until then
  const menu = useSession((s) => s.menu)
  useEffect(() => {
    if (!known) return
    const [path = '', search = ''] = currentKey.split('?')
    const query = new URLSearchParams(search)
    if (query.has('target')) {
      query.delete('target')
      const rest = query.toString()
      const url = query.get('src') ?? `${window.location.pathname}#${path}${rest ? `?${rest}` : ''}`
      window.open(url, '_blank', 'noopener')
      navigate(useTabs.getState().activeKey, { replace: true })
      return
    }
    const node = findByPath(menu, path)
    useTabs.getState().open({
      key: currentKey,
      path,
      label: path === HOME_PATH ? '首页' : (query.get('name') ?? node?.name ?? path),
      keepAlive: path === HOME_PATH || node?.keepAlive === true,
    })
  }, [currentKey, known, navigate, menu])
}
