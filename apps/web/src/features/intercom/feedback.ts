import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useCallback } from 'react'
import { useTr } from '@/components/crud/i18n'
import { IntercomError, intercomKeys } from './api'

/**
 * How the console tells a failed intercom call (spec 01 §8): a refused call shows the spec's warning
 * (405: password expired; -1: session verification failed); 504 says the platform cannot be reached;
 * any other result is 'fail'. Silent operations (live locations, tracks) do not call this.
 */
export function intercomMessage(error: unknown): { level: 'warning' | 'error'; key: string } {
  if (error instanceof IntercomError) {
    if (error.warning) return { level: 'warning', key: error.warning }
    if (error.result === 504) return { level: 'error', key: 'intercom.unreachable' }
    if (error.result === 401) return { level: 'warning', key: 'intercom.notConfigured' }
    return { level: 'error', key: 'intercom.fail' }
  }
  // the HTTP client already showed its own toast (400, 403…)
  return { level: 'error', key: '' }
}

export function useIntercomFeedback(): (error: unknown) => void {
  const { message } = App.useApp()
  const tr = useTr()
  const queryClient = useQueryClient()
  return useCallback(
    (error: unknown) => {
      const { level, key } = intercomMessage(error)
      if (key) void message[level](tr(key))
      // the session bar shows the stored state from now on
      if (error instanceof IntercomError && error.warning)
        void queryClient.invalidateQueries({ queryKey: intercomKeys.session })
    },
    [message, tr, queryClient],
  )
}
