import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@xpark/contract'
import { MESSAGE_PATHS, type MessageRow } from '@xpark/contract/modules/message'
import { getData, http, postData } from '@/api/http'

/** Every query of the message centre is under this key: a new message or a change refreshes them all. */
export const MESSAGE_KEY = ['message'] as const

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...MESSAGE_KEY, 'unread'],
    queryFn: () => getData<number>(MESSAGE_PATHS.unreadCount),
    // one failure shows its message once (the HTTP client's toast); the next message or focus retries
    retry: false,
    staleTime: 30_000,
  })

export const latestMessagesQuery = () =>
  queryOptions({
    queryKey: [...MESSAGE_KEY, 'latest'],
    queryFn: () => getData<MessageRow[]>(MESSAGE_PATHS.centerList, { size: 10 }),
    retry: false,
  })

export interface MessageFilter {
  current: number
  size: number
  /** undefined: all; 0 unread; 1 read */
  isRead?: 0 | 1
  title?: string
}

export const messagePageQuery = (filter: MessageFilter) =>
  queryOptions({
    queryKey: [...MESSAGE_KEY, 'page', filter],
    queryFn: () =>
      getData<Page<MessageRow>>(MESSAGE_PATHS.list, {
        current: filter.current,
        size: filter.size,
        ...(filter.isRead === undefined ? {} : { isRead: filter.isRead }),
        ...(filter.title ? { title: filter.title } : {}),
      }),
  })

export interface NoticeItem {
  id: string
  title: string
  category: number
  releaseTime: string | null
}

/** The tenant's latest notices (`blade-desk/notice/page`), for the popover's 通知 tab. */
export const latestNoticesQuery = () =>
  queryOptions({
    queryKey: ['blade-desk/notice', 'latest'],
    queryFn: async () =>
      (
        await getData<Page<NoticeItem>>('blade-desk/notice/page', {
          current: 1,
          size: 10,
          descs: 'release_time',
        })
      ).records,
    retry: false,
    staleTime: 60_000,
  })

export const markRead = (ids: readonly string[]) =>
  postData<unknown>(MESSAGE_PATHS.setRead, { id: ids.join(',') })

export const removeMessages = (ids: readonly string[]) =>
  http.request<unknown>(MESSAGE_PATHS.delete, { method: 'DELETE', params: { ids: ids.join(',') } })

/** A console route opens in the console; an http(s) address in a new window. */
export const isExternalLink = (link: string) => /^https?:\/\//i.test(link)
