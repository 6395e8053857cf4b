import { z } from 'zod'
import { type CallInput, defineCall } from '../calls.js'
import { dateTime, optionalText, reference, requiredText, wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply } from '../replies.js'
import { Figure, StatisticParams, WIDGET_KINDS } from './statistics.js'

/**
 * Big screens (issue 32, spec 01 §2 /datavview /datavedit /middle, spec 02 §2 /wel/screen
 * /wel/assetsscreen): a 1920×1080 design of widgets, each naming a statistic, published as a snapshot
 * and opened by signed-in users or through a revocable link. See docs/modules/screen.md.
 */

/** The design's grid: 24 columns over 1920 px, rows of 40 px over 1080. */
export const SCREEN_COLUMNS = 24
export const SCREEN_ROWS = 27
export const SCREEN_WIDTH = 1920
export const SCREEN_HEIGHT = 1080
/** A figure is read again at most this often. */
export const MIN_REFRESH_SECONDS = 5
/** What a public route shows without a valid link (spec wording of issue 32). */
export const LINK_INVALID = '链接无效或已过期'

export const Widget = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, 'widget id: letters, digits, _ or -'),
    kind: z.enum(WIDGET_KINDS, { error: 'widget kind' }),
    title: z.string().max(32, 'widget title: at most 32 characters'),
    /** the statistic it shows (a video tile names none) */
    statistic: z.string().max(64),
    params: StatisticParams,
    /** seconds between reads, at least MIN_REFRESH_SECONDS (a live statistic also follows its topic) */
    refresh: z
      .number()
      .int()
      .min(MIN_REFRESH_SECONDS, `refresh: at least ${MIN_REFRESH_SECONDS} s`)
      .max(3600),
    /** a video tile's machine */
    machineId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    x: z
      .number()
      .int()
      .min(0)
      .max(SCREEN_COLUMNS - 1),
    y: z
      .number()
      .int()
      .min(0)
      .max(SCREEN_ROWS - 1),
    w: z.number().int().min(1).max(SCREEN_COLUMNS),
    h: z.number().int().min(1).max(SCREEN_ROWS),
  })
  .refine((w) => w.x + w.w <= SCREEN_COLUMNS && w.y + w.h <= SCREEN_ROWS, 'widget: inside the screen')
  .refine((w) => w.kind === 'video' || w.statistic.length > 0, 'widget: choose a statistic')
export type Widget = z.infer<typeof Widget>

export const ScreenLayout = z.object({
  /** a CSS colour of the wall */
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'background: #rrggbb')
    .default('#0b1a33'),
  widgets: z.array(Widget).max(48, 'at most 48 widgets'),
})
export type ScreenLayout = z.infer<typeof ScreenLayout>

/** The layout as the form sends it: JSON text of a ScreenLayout. */
const layoutText = z
  .string({ error: 'layout is required' })
  .max(200_000, 'layout: too large')
  .superRefine((text, ctx) => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'layout: not JSON' })
      return
    }
    const parsed = ScreenLayout.safeParse(value)
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'layout' })
  })

/** `status`: 1 a draft never published, 2 published (a later edit reaches viewers when published again) */
export const SCREEN_STATUS = { draft: 1, published: 2 } as const

export const screenContract = defineContract({
  path: 'xpark-screen/screen',
  code: 'datav',
  form: z.object({
    name: requiredText('please enter screen name', 64),
    remark: optionalText('remark', 255),
    layout: layoutText,
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    remark: wire.text,
    layout: wire.text,
    /** `general`, `assets`: the built-in walls of /wel/screen and /wel/assetsscreen ('' others) */
    builtin: wire.text,
    status: wire.number,
    publishTime: wire.optionalDate,
    createTime: wire.date,
    updateTime: wire.optionalDate,
  }),
  filters: { name: 'like', status: 'eq', builtin: 'eq' },
})
export type ScreenRow = z.infer<typeof screenContract.row>

export const DATAV_PUBLISH = 'datav_publish'
const DATAV_VIEW = screenContract.permissions.view

function screenCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'screen' })
}

const byScreen = z.object({ id: reference('please select a screen') })

/** A published screen as a viewer reads it: the snapshot, never the draft. */
export const ScreenView = z.object({
  id: wire.id,
  name: wire.text,
  layout: ScreenLayout,
  publishTime: wire.optionalDate,
})
export type ScreenView = z.infer<typeof ScreenView>

export const publishScreenCall = screenCall({
  path: 'xpark-screen/screen/publish',
  method: 'POST',
  permission: DATAV_PUBLISH,
  params: byScreen,
  reply: doneReply,
  summary: 'screen: publish its layout (viewers see this snapshot until the next publish)',
})

/** A signed-in viewer's screen: by id, or a built-in wall by its key. */
export const viewScreenCall = screenCall({
  path: 'xpark-screen/screen/view',
  method: 'GET',
  permission: DATAV_VIEW,
  params: z.object({
    id: reference('please select a screen').optional(),
    builtin: z.enum(['general', 'assets']).optional(),
  }),
  reply: ScreenView,
  summary: 'screen: the published snapshot, for a signed-in viewer (by id or built-in key)',
})

/** Every published screen of the caller's tenant (the /middle navigation's tiles). */
export const publishedScreensCall = screenCall({
  path: 'xpark-screen/screen/published',
  method: 'GET',
  permission: DATAV_VIEW,
  reply: z.array(
    z.object({ id: wire.id, name: wire.text, builtin: wire.text, publishTime: wire.optionalDate }),
  ),
  summary: "screen: the tenant's published screens",
})

export const ScreenLink = z.object({
  id: wire.id,
  /** the last 6 characters of its token (the token itself is shown once, when issued) */
  hint: wire.text,
  expiresAt: wire.optionalDate,
  /** addresses or CIDR ranges allowed, comma-joined ('' any) */
  allow: wire.text,
  revoked: z.boolean(),
  createTime: wire.date,
  lastUsedAt: wire.optionalDate,
})
export type ScreenLink = z.infer<typeof ScreenLink>

export const screenLinksCall = screenCall({
  path: 'xpark-screen/link/list',
  method: 'GET',
  permission: DATAV_PUBLISH,
  params: byScreen,
  reply: z.array(ScreenLink),
  summary: 'screen: its links (never their tokens)',
})

/** One address or CIDR range per item: `10.0.0.0/8,192.168.1.20`. */
const allowList = z
  .string()
  .max(500)
  .regex(
    /^$|^[0-9a-fA-F:.]+(\/\d{1,3})?(,[0-9a-fA-F:.]+(\/\d{1,3})?)*$/,
    'allow: addresses or CIDR ranges, comma-joined',
  )

export const issueLinkCall = screenCall({
  path: 'xpark-screen/link/issue',
  method: 'POST',
  permission: DATAV_PUBLISH,
  params: z.object({
    id: reference('please select a screen'),
    expiresAt: dateTime('expiresAt'),
    allow: allowList.optional(),
  }),
  reply: z.object({ id: wire.id, token: wire.text }),
  summary: 'screen: a new link (its token shown this once)',
})

export const revokeLinkCall = screenCall({
  path: 'xpark-screen/link/revoke',
  method: 'POST',
  permission: DATAV_PUBLISH,
  params: z.object({ linkId: reference('please select a link') }),
  reply: doneReply,
  summary: 'screen: revoke a link (open screens close within seconds)',
})

const token = z.string({ error: LINK_INVALID }).min(16, LINK_INVALID).max(128, LINK_INVALID)

export const publicViewCall = screenCall({
  path: 'xpark-screen/public/view',
  method: 'GET',
  public: true,
  params: z.object({ token }),
  reply: ScreenView,
  summary: "public screen: the link's screen (published snapshot)",
})

export const publicFigureCall = screenCall({
  path: 'xpark-screen/public/figure',
  method: 'GET',
  public: true,
  params: z.object({ token, widget: z.string().min(1).max(24) }),
  reply: Figure,
  summary: "public screen: one widget's figure (aggregates of the link's tenant only)",
})

/** Live figures for a link: the topics its widgets follow, and `revoked` when the link goes. */
export const publicLiveCall = screenCall({
  path: 'xpark-screen/public/live',
  method: 'GET',
  public: true,
  params: z.object({ token }),
  hidden: true,
  summary: "public screen: live events of the link's widgets (server-sent events)",
})

/** Live figures for a signed-in viewer: the topics of the screen's widgets. */
export const screenLiveCall = screenCall({
  path: 'xpark-screen/screen/live',
  method: 'GET',
  permission: DATAV_VIEW,
  params: z.object({ topics: z.string().regex(/^[a-z-]{1,32}(,[a-z-]{1,32}){0,7}$/, 'topics') }),
  hidden: true,
  summary: 'screen: live events of the given tenant topics (server-sent events)',
})

export const LIVE_FIGURE_EVENT = 'figure'
export const LINK_REVOKED_EVENT = 'revoked'
