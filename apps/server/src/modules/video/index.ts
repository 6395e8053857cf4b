import { VIDEO_LIVE, VIDEO_PLAYBACK, VIDEO_PTZ } from '@xpark/contract/modules/video'
import { button, defineModule, type MenuSeed, type ModuleContext } from '../../core/module.js'
import { Playbacks } from './playbacks.js'
import { MediaService } from './player.js'
import { registerVideoRoutes } from './routes.js'
import * as tables from './schema.js'

/**
 * Video (issue 28; spec 01 §3-§4, spec 02 §2, §4, §9): live streams by server type, snapshots,
 * recordings and their playback, PTZ. The machines are the device module's; the media servers are
 * adapters (adapters/media), with a loopback simulator for machines without a `serviceUrl`.
 */

const MENUS: MenuSeed[] = [
  {
    code: 'video',
    name: '视频监控',
    path: '/video',
    source: 'VideoCameraOutlined',
    sort: 58,
    children: [
      {
        code: 'video_live',
        name: '实时视频',
        path: '/video/live',
        source: 'PlayCircleOutlined',
        en: 'Live video',
        children: [button(VIDEO_LIVE, '查看', 2), button(VIDEO_PTZ, '云台控制', 1)],
      },
      {
        code: 'video_playback',
        name: '录像回放',
        path: '/video/playback',
        source: 'HistoryOutlined',
        en: 'Playback',
        children: [button(VIDEO_PLAYBACK, '查看', 2)],
      },
    ],
  },
]

/** One media service and playback registry per app (the idle job finds them by its context). */
const services = new WeakMap<ModuleContext, Playbacks>()

export const videoModule = defineModule({
  name: 'video',
  tables,
  menus: MENUS,
  product: { name: '视频监控', remark: '实时视频、抓图、录像回放与云台控制' },
  // park staff watch; moving a camera is for those granted it
  staff: ['video', 'video_live', 'video_playback', VIDEO_LIVE, VIDEO_PLAYBACK],
  jobs: [
    {
      name: 'video-playback-idle',
      everySeconds: 10,
      run: async (ctx) => void (await services.get(ctx)?.stopIdle()),
    },
  ],
  routes: async (api, ctx) => {
    const service = new MediaService(ctx)
    const load = service.loader()
    const playbacks = new Playbacks(ctx, service, load)
    services.set(ctx, playbacks)
    registerVideoRoutes(api, ctx, service, load, playbacks)
    api.addHook('onClose', async () => service.close())
  },
})

export { type MachineForPlayer, MediaService, type PlayerMachineLoader } from './player.js'
