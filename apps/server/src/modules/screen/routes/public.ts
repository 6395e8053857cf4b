import type { ScreenLayout } from '@xpark/contract/modules/screen'
import {
  LINK_INVALID,
  LIVE_FIGURE_EVENT,
  publicFigureCall,
  publicLiveCall,
  publicViewCall,
  screenLiveCall,
} from '@xpark/contract/modules/screen'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../../core/auth/plugin.js'
import { AppError } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import { linkChannel, resolveLink } from '../../../core/links/index.js'
import type { ModuleContext } from '../../../core/module.js'
import { tenantChannel } from '../../../core/realtime/index.js'
import { FigureMemo } from '../../../core/statistics/index.js'
import { screenOf, viewOf } from '../screens.js'
import { SCREEN_LINK } from './links.js'

/**
 * What a link opens without an account: its screen's published snapshot and its widgets' figures,
 * read for the link's tenant with no caller (aggregates only: core/statistics), and a stream that
 * nudges the widgets of live statistics and ends when the link is revoked. Anything else (another
 * screen, another tenant, a video tile, a revoked, expired or foreign-address link) is 403
 * `链接无效或已过期` and reads nothing.
 */

/** A wall of 12 widgets re-read every 5 s by 100 viewers: 240 figures a minute each. */
const PUBLIC_READS_PER_MINUTE = 1200
/** Public figures of one tenant are shared for this long (signed-in ones follow the caller's scope). */
const PUBLIC_FIGURE_MS = 3000

const frameOf = (topic: string, widgets?: readonly string[]) =>
  `event: ${LIVE_FIGURE_EVENT}\ndata: ${JSON.stringify(widgets ? { topic, widgets } : { topic })}\n\n`

/** The live topics a layout's widgets follow, each with the ids of its widgets. */
function liveTopics(layout: ScreenLayout, ctx: ModuleContext): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const w of layout.widgets) {
    const topic = ctx.statistics.find(w.statistic)?.live
    if (topic) out.set(topic, [...(out.get(topic) ?? []), w.id])
  }
  return out
}

export function registerPublicRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const limited = { preHandler: [publicRateLimit(ctx.cache, 'screen', PUBLIC_READS_PER_MINUTE)] }
  const memo = new FigureMemo(PUBLIC_FIGURE_MS)

  /** The link's screen as published, or 403 (nothing read). */
  const opened = async (token: string, request: FastifyRequest) => {
    const link = await resolveLink(db, SCREEN_LINK, token, request.ip)
    const row = await screenOf(db, link.tenantId, link.targetId)
    const view = row && viewOf(row)
    if (!view) throw new AppError(403, LINK_INVALID)
    return { link, view }
  }

  handle(api, publicViewCall, async ({ token }, request) => (await opened(token, request)).view, limited)

  handle(
    api,
    publicFigureCall,
    async ({ token, widget }, request) => {
      const { link, view } = await opened(token, request)
      const w = view.layout.widgets.find((x) => x.id === widget)
      // a video tile plays for signed-in viewers only
      if (!w || w.kind === 'video') throw new AppError(403, LINK_INVALID)
      const statistic = ctx.statistics.get(w.statistic)
      const read = () =>
        ctx.statistics.run(w.statistic, w.params, { db, tenantId: link.tenantId, now: new Date() })
      // a live figure is read fresh: its viewers were just told it changed
      return statistic.live
        ? read()
        : memo.get(`${link.tenantId}|${w.statistic}|${JSON.stringify(w.params)}`, read)
    },
    limited,
  )

  handle(
    api,
    publicLiveCall,
    async ({ token }, request, reply) => {
      const { link, view } = await opened(token, request)
      await ctx.realtime.stream(reply, {
        channels: [],
        nudges: [...liveTopics(view.layout, ctx)].map(([topic, widgets]) => ({
          channel: tenantChannel(link.tenantId, topic),
          frame: frameOf(topic, widgets),
        })),
        closeOn: [linkChannel(link.linkId)],
        ...(link.expiresAt ? { until: link.expiresAt.getTime() } : {}),
      })
    },
    limited,
  )

  handle(
    api,
    screenLiveCall,
    async ({ topics }, request, reply) => {
      const auth = authOf(request)
      const known = new Set(ctx.statistics.all.flatMap((s) => s.live ?? []))
      await ctx.realtime.stream(reply, {
        channels: [],
        nudges: topics
          .split(',')
          .filter((t) => known.has(t))
          .map((topic) => ({ channel: tenantChannel(auth.tenantId, topic), frame: frameOf(topic) })),
        until: auth.exp * 1000,
      })
    },
    { preHandler: [api.scopes.api.guard] },
  )
}
