import { z } from 'zod'
import { idString, optionalChoice, optionalText, requiredText, wire } from '../fields.js'
import { defineContract } from '../kit.js'

/**
 * The message centre (spec 01 §7 "Message centre", spec 02 §7 "Other"): messages to one person of a
 * tenant, with their read state, sender, sending module and a console link; delivered live over the
 * user's event stream. Also the scene log (`park-meeting/scene/log`) and the home page's cards per
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

// —— scene log (park-meeting/scene/log: page, detail, remove, submit) ——

export const sceneLogContract = defineContract({
  path: 'park-meeting/scene/log',
  code: 'scene_log',
  label: 'sceneName',
  form: z.object({
    sceneId: idString.optional(),
    sceneName: requiredText('please input scene name', 64),
    /** 1 succeeded, 0 failed */
    result: optionalChoice('result: 0 or 1', 0, 1),
    content: optionalText('content', 1000),
  }),
  row: z.object({
    id: wire.id,
    sceneId: wire.optionalId,
    sceneName: wire.text,
    result: wire.number,
    content: wire.text,
    createTime: wire.date,
  }),
  filters: { sceneName: 'like', sceneId: 'eq', result: 'eq' },
  sorts: ['createTime'],
  routes: { list: false, save: false, update: false },
})
export type SceneLogRow = z.infer<typeof sceneLogContract.row>

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
