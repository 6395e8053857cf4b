import { defineMessages, useMessages } from '@/i18n'

/** The video player's and PTZ pad's texts (loaded with the video screens). */
const messages = defineMessages({
  'zh-CN': {
    'video.loading': '视频加载中',
    'video.failed': '视频播放失败',
    'video.retry': '重试',
    'video.unknownStream': '无法识别的视频地址',
    'video.ptz': '云台控制',
    'video.ptz.up': '上',
    'video.ptz.down': '下',
    'video.ptz.left': '左',
    'video.ptz.right': '右',
    'video.ptz.zoomin': '放大',
    'video.ptz.zoomout': '缩小',
  },
  'en-US': {
    'video.loading': 'Loading video',
    'video.failed': 'Video failed to play',
    'video.retry': 'Retry',
    'video.unknownStream': 'Unrecognised stream address',
    'video.ptz': 'PTZ control',
    'video.ptz.up': 'Up',
    'video.ptz.down': 'Down',
    'video.ptz.left': 'Left',
    'video.ptz.right': 'Right',
    'video.ptz.zoomin': 'Zoom in',
    'video.ptz.zoomout': 'Zoom out',
  },
})

export const useVideoT = () => useMessages<typeof messages>()
