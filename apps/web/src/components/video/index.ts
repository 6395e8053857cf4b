export { isLocalVideo, LOCAL_VIDEOS_KEY, localVideos } from './localVideos'
export { type PtzCommand, PtzPad, type PtzPadProps } from './PtzPad'
export { kindOfUrl, type PlayerKind } from './players'
export { VideoPlayer, type VideoPlayerProps } from './VideoPlayer'
