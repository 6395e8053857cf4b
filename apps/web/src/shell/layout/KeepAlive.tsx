import {
  Activity,
  type ComponentType,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react'
import { PageSpin } from '../../components/PageSpin'
import { TabRouteContext } from '../../components/tabRoute'
import { website } from '../../config'
import { aliveKeys } from '../../stores/tabRules'
import { useTabs } from '../../stores/tabs'

/**
 * One scroll container per tab. It lives outside <Activity> so it can remember the scroll position
 * while its screen is hidden and put it back when the tab is shown again.
 */
function Pane({ active, children }: { active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const scrollTop = useRef(0)
  useLayoutEffect(() => {
    if (active && ref.current) ref.current.scrollTop = scrollTop.current
  }, [active])
  return (
    <div
      ref={ref}
      className="shell-pane"
      style={{ display: active ? 'block' : 'none' }}
      onScroll={(e) => {
        if (active) scrollTop.current = e.currentTarget.scrollTop
      }}
    >
      {children}
    </div>
  )
}

const split = (key: string) => {
  const at = key.indexOf('?')
  return at === -1 ? { path: key, search: '' } : { path: key.slice(0, at), search: key.slice(at) }
}

/**
 * The visible screen plus the keep-alive tabs, each in React's <Activity>: hidden tabs keep their
 * state (page, filters, form) with effects paused, up to `website.keepAliveCap` of them.
 */
export function KeepAliveContent({
  currentKey,
  resolve,
}: {
  currentKey: string
  resolve: (path: string) => ComponentType | undefined
}) {
  const tabs = useTabs((s) => s.tabs)
  const recent = useTabs((s) => s.recent)
  // render in tab order, not recency: moving DOM nodes would reload iframes and lose scroll
  const keys = useMemo(() => {
    const alive = new Set(aliveKeys(tabs, recent, currentKey, website.keepAliveCap))
    const ordered = tabs.map((t) => t.key).filter((k) => alive.has(k))
    return ordered.includes(currentKey) ? ordered : [...ordered, currentKey]
  }, [tabs, recent, currentKey])

  return (
    <>
      {keys.map((key) => {
        const route = split(key)
        const Screen = resolve(route.path)
        if (!Screen) return null
        const active = key === currentKey
        return (
          <Pane key={key} active={active}>
            <TabRouteContext value={route}>
              <Activity mode={active ? 'visible' : 'hidden'}>
                <Suspense fallback={<PageSpin />}>
                  <Screen />
                </Suspense>
              </Activity>
            </TabRouteContext>
          </Pane>
        )
      })}
    </>
  )
}
