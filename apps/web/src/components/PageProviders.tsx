import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App } from 'antd'
import { type ReactNode, useState } from 'react'
import { AntdProvider } from '@/components/AntdProvider'

/**
 * What a page outside the console frame needs that the frame would give: antd's theme and locale,
 * its App (message, modal) and a query cache of its own.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  )
  return (
    <AntdProvider>
      <QueryClientProvider client={client}>
        <App>{children}</App>
      </QueryClientProvider>
    </AntdProvider>
  )
}
