import { queryOptions, useQuery } from '@tanstack/react-query'
import { myShortcutsCall, shortcutContract } from '@xpark/contract/schemas'
import { Button, Space, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { useWelT } from './i18n'

/**
 * The caller's desk shortcuts, already in sort order; under the shortcut resource's code: a write on
 * the 快捷方式 screen refreshes the links.
 */
export const quickLinksQuery = () =>
  queryOptions({
    queryKey: [shortcutContract.code, 'select'],
    queryFn: async () => (await callApi(myShortcutsCall)) ?? [],
    staleTime: 60_000,
  })

const isExternal = (path: string) => /^https?:\/\//i.test(path)

/**
 * The welcome page's quick links; nothing at all when the user has none (or they cannot be read).
 * Without `title` inside a card that has its own.
 */
export function QuickLinks({ title = true }: { title?: boolean }) {
  const t = useWelT()
  const navigate = useNavigate()
  const { data } = useQuery(quickLinksQuery())
  if (!data?.length) return null
  return (
    <div data-testid="wel-shortcuts">
      {title && <Typography.Title level={5}>{t('wel.shortcuts')}</Typography.Title>}
      <Space wrap>
        {data.map((s) =>
          isExternal(s.path) ? (
            <Button
              key={s.id}
              href={s.path}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`wel-shortcut-${s.id}`}
            >
              {s.name}
            </Button>
          ) : (
            <Button key={s.id} onClick={() => navigate(s.path)} data-testid={`wel-shortcut-${s.id}`}>
              {s.name}
            </Button>
          ),
        )}
      </Space>
    </div>
  )
}
