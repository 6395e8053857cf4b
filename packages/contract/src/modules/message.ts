import { z } from 'zod'
import { type CallInput, defineCall, SIGNED_IN } from '../calls.js'
import { idString, optionalChoice, optionalText, requiredText, wire } from '../fields.js'
import { doneReply, pageOf } from '../replies.js'

/**
 * The message centre (spec 01 §7 "Message centre", spec 02 §7 "Other"): messages to one person of a
 * tenant, with their read state, sender, sending module and a console link; delivered live over the
 * user's event stream. Also the home page's cards per
 * role (`park-manage/home-page-config`). See docs/modules/message.md.
 */

const BASE = 'park-manage/center-web-message'

/** Where the message centre answers (under /xparkApi). */
export const MESSAGE_PATHS = {
  base: BASE,
  /** GET: the caller's latest messages (the top-bar popover): `size` (default 10), `isRead` */
  centerList: `${BASE}/getCenterMessageList`,
  /** GET: how many of the caller's messages are unread (a number) */
  unreadCount: `${BASE}/unReadMessageCnt`,
  /** POST: mark the caller's message(s) `id` (comma-separated) read */
  setRead: `${BASE}/setMessagerRead`,
  /** GET: a page of the caller's messages: `current`, `size`, `isRead`, `title`, `module` */
  list: `${BASE}/list`,
  /** DELETE: remove the caller's message(s) `ids` (comma-separated) */
  delete: `${BASE}/delete`,
  /** POST: send a message to people (`MessagePushInput`) */
  autoPush: `${BASE}/autoPush`,
  /** GET: the signed-in user's server-sent events (`message`: a new MessageRow) */
  stream: `${BASE}/stream`,
} as const

/** The SSE event name of a new message on the user's stream. */
export const MESSAGE_EVENT = 'message'

/** Button (permission) code of `autoPush`: sending messages to other people. */
export const MESSAGE_PUSH_PERMISSION = 'message_push'

export const MessageRow = z.object({
  id: wire.id,
  title: wire.text,
  content: wire.text,
  /** 0 unread, 1 read */
  isRead: wire.number,
  senderId: wire.optionalId,
  senderName: wire.text,
  /** the sending module (`duty`, `storage`…), '' for a person's message */
  module: wire.text,
  /** a console route (`/storage/bill?id=…`) or an http(s) address, '' for none */
  link: wire.text,
  createTime: wire.date,
  readTime: wire.optionalDate,
})
export type MessageRow = z.infer<typeof MessageRow>

/** A console route or an http(s) address. */
const messageLink = z
  .string()
  .max(500, 'link: at most 500 characters')
  .regex(/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*|)$/, 'link: must be an http(s) address or a console path')
  .optional()

/** The ids of people: an array, or comma-separated (BladeX clients send either). */
const userIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(idString).min(1, 'please select recipients').max(1000, 'at most 1000 recipients'),
)

export const MessagePushInput = z.object({
  userIds,
  title: requiredText('please input title', 100),
  content: optionalText('content', 2000),
  module: optionalText('module', 32),
  link: messageLink,
})
export type MessagePushInput = z.infer<typeof MessagePushInput>

/** Read-state filter of the lists: 0 unread, 1 read. */
export const readState = optionalChoice('read state: 0 or 1', 0, 1)

// —— the message centre's routes (the caller's own messages) ——

function messageCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'center-web-message' })
}

/** `1,2,3` or ['1','2'] → ids (at most 1000); anything else: `<name>: must be ids separated by commas`. */
const idList = z.unknown().transform((raw, ctx) => {
  const list = (Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0 || list.length > 1000 || list.some((id) => !/^[1-9]\d{0,18}$/.test(id))) {
    ctx.addIssue({ code: 'custom', message: 'must be ids separated by commas' })
    return z.NEVER
  }
  return list
})

export const messagePageCall = messageCall({
  path: MESSAGE_PATHS.list,
  method: 'GET',
  permission: SIGNED_IN,
  params: z
    .object({
      isRead: readState,
      title: z.string().max(100).optional(),
      module: z.string().max(32).optional(),
      current: z.string().optional(),
      size: z.string().optional(),
    })
    .loose(),
  reply: pageOf(MessageRow),
  summary: "a page of the caller's messages, newest first (isRead 0/1, title, module)",
})

export const latestMessagesCall = messageCall({
  path: MESSAGE_PATHS.centerList,
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({
    size: z.coerce.number().int().min(1).max(50).default(10),
    isRead: readState,
  }),
  reply: z.array(MessageRow),
  summary: "the caller's latest messages (the top-bar popover): size (default 10, at most 50), isRead",
})

export const unreadCountCall = messageCall({
  path: MESSAGE_PATHS.unreadCount,
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.number(),
  summary: "how many of the caller's messages are unread",
})

export const markReadCall = messageCall({
  path: MESSAGE_PATHS.setRead,
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({ id: idList }),
  reply: doneReply,
  summary: "mark the caller's message(s) id (comma-separated) read; another person's are left alone",
})

/** `ids` (or `id`): comma-separated. */
export const removeMessagesCall = messageCall({
  path: MESSAGE_PATHS.delete,
  method: 'DELETE',
  permission: SIGNED_IN,
  params: z
    .object({ ids: z.unknown().optional(), id: z.unknown().optional() })
    .transform(({ ids, id }) => ({ ids: ids ?? id }))
    .pipe(z.object({ ids: idList })),
  reply: doneReply,
  summary: "remove the caller's message(s) ids (comma-separated); another person's stay",
})

export const pushMessageCall = messageCall({
  path: MESSAGE_PATHS.autoPush,
  method: 'POST',
  permission: MESSAGE_PUSH_PERMISSION,
  params: MessagePushInput,
  reply: z.object({ count: z.number(), ids: z.array(z.string()) }),
  summary: 'send a message to people of the tenant: userIds, title, content, module, link',
})

/** The signed-in user's live stream: `message` for each new message (ends with the token). */
export const messageStreamCall = messageCall({
  path: MESSAGE_PATHS.stream,
  method: 'GET',
  permission: SIGNED_IN,
  hidden: true,
  summary: 'server-sent events: `message` for each new message',
})

// —— home page configuration (which cards the home page shows, per role) ——

export const HOME_CONFIG_PATHS = {
  base: 'park-manage/home-page-config',
  /** GET: every role of the tenant with its cards (null: not configured, the defaults show) */
  list: 'park-manage/home-page-config/list',
  /** POST: set a role's cards ({roleId, cards}) */
  submit: 'park-manage/home-page-config/submit',
  /** GET: the caller's cards (the union over its roles; null when none of them is configured) */
  mine: 'park-manage/home-page-config/mine',
} as const

export const HOME_CONFIG_PERMISSION = {
  view: 'home_page_config_view',
  edit: 'home_page_config_edit',
} as const

/** A card key: the console's feature slots name them (`unreadMessages`, `latestNotices`, `shortcuts`…). */
const cardKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'card: letters and digits')

export const HomeConfigInput = z.object({
  roleId: idString,
  cards: z.array(cardKey).max(32, 'at most 32 cards'),
})
export type HomeConfigInput = z.infer<typeof HomeConfigInput>

export const HomeConfigRow = z.object({
  roleId: wire.id,
  roleName: wire.text,
  cards: z.array(z.string()).nullable(),
})
export type HomeConfigRow = z.infer<typeof HomeConfigRow>

export const homeConfigListCall = defineCall({
  path: HOME_CONFIG_PATHS.list,
  method: 'GET',
  permission: [HOME_CONFIG_PERMISSION.view, HOME_CONFIG_PERMISSION.edit],
  reply: z.array(HomeConfigRow),
  summary: 'every role of the tenant with its home page cards (null: not configured)',
})

export const homeConfigSubmitCall = defineCall({
  path: HOME_CONFIG_PATHS.submit,
  method: 'POST',
  in: 'body',
  permission: HOME_CONFIG_PERMISSION.edit,
  params: HomeConfigInput,
  reply: z.object({ roleId: wire.id, cards: z.array(z.string()) }),
  summary: "set a role's home page cards, in order",
})

export const myHomeCardsCall = defineCall({
  path: HOME_CONFIG_PATHS.mine,
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(z.string()).nullable(),
  summary: "the caller's home page cards: its roles' cards in order, null when none is configured",
})
