import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App } from 'antd'
import { type ComponentType, useEffect, useMemo } from 'react'
import { setNotifier } from '../../api/notify'
import { AntdProvider } from '../../components/AntdProvider'
import { useSession } from '../../stores/session'
import { Frame } from './Frame'
import './layout.css'

// A query's answer renders in the task that received it. The default batch runs in a later setTimeout,
// and the browser painted a frame of the old page in between (issue 13: the 100-row page's render).
notifyManager.setScheduler(queueMicrotask)

function NotifierBridge() {
  const { message } = App.useApp()
  useEffect(() => setNotifier(message), [message])
  return null
}

/**
 * The signed-in console. The query cache belongs to one sign-in: another user or tenant starts from an
 * empty cache.
 */
export default function Layout({ resolve }: { resolve: (path: string) => ComponentType | undefined }) {
  const sessionKey = useSession((s) => s.sessionKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one cache per sign-in (token refreshes keep it)
  const queryClient = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
    [sessionKey],
  )
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <App className="shell-app">
          <NotifierBridge />
          <Frame resolve={resolve} />
        </App>
      </QueryClientProvider>
    </AntdProvider>
  )
}
