import { queryOptions } from '@tanstack/react-query'
import type { CallReply } from '@xpark/contract/calls'
import {
  latestMessagesCall,
  markReadCall,
  messagePageCall,
  removeMessagesCall,
  unreadCountCall,
} from '@xpark/contract/modules/message'
import { deskNoticeContract } from '@xpark/contract/schemas'
import { callApi, pageOfRows } from '@/api/calls'
import { postData } from '@/api/http'

/** Every query of the message centre is under this key: a new message or a change refreshes them all. */
export const MESSAGE_KEY = ['message'] as const

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...MESSAGE_KEY, 'unread'],
    queryFn: () => callApi(unreadCountCall),
    // one failure shows its message once (the HTTP client's toast); the next message or focus retries
    retry: false,
    staleTime: 30_000,
  })

export const latestMessagesQuery = () =>
  queryOptions({
    queryKey: [...MESSAGE_KEY, 'latest'],
    queryFn: () => callApi(latestMessagesCall, { size: 10 }),
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
      callApi(messagePageCall, {
        current: String(filter.current),
        size: String(filter.size),
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

/** The tenant's latest notices (the notices' page), for the popover's 通知 tab. */
export const latestNoticesQuery = () =>
  queryOptions({
    queryKey: [deskNoticeContract.path, 'latest'],
    queryFn: async (): Promise<NoticeItem[]> =>
      (
        await pageOfRows(deskNoticeContract, {
          current: 1,
          size: 10,
          descs: 'release_time',
        })
      ).records,
    retry: false,
    staleTime: 60_000,
  })

// in the query, as the BladeX console sends it (the declaration reads the query or the body)
export const markRead = (ids: readonly string[]) =>
  postData<CallReply<typeof markReadCall>>(markReadCall.path, { id: ids.join(',') })

export const removeMessages = (ids: readonly string[]) => callApi(removeMessagesCall, { ids: ids.join(',') })

/** A console route opens in the console; an http(s) address in a new window. */
export const isExternalLink = (link: string) => /^https?:\/\//i.test(link)
