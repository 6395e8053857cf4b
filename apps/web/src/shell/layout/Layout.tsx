import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App } from 'antd'
import { type ComponentType, useEffect, useMemo } from 'react'
import { setNotifier } from '../../api/notify'
import { AntdProvider } from '../../components/AntdProvider'
import { useSession } from '../../stores/session'
import { Frame } from './Frame'
import './layout.css'

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
