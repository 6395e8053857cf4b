import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serverRoot } from '../../paths.js'
import { type FlvClip, parseFlv } from './flv.js'
import type { HlsSegment } from './hls.js'

/**
 * The committed clip (clip/: 4 s of a test pattern with a clock, 320×180 H.264 baseline, no audio;
 * clip/make-clip.sh is the ffmpeg command that made it): the FLV the WebSocket streams loop and the
 * MPEG-TS segments the HLS playlists slide over. Read once, on first use.
 */
export interface MediaClip {
  flv: FlvClip
  segments: HlsSegment[]
  /** a JPEG frame of the clip: every camera's snapshot */
  snapshot: Buffer
}

export const CLIP_DIR = join(serverRoot, 'src/adapters/media/clip')

let loaded: MediaClip | undefined

export function loadClip(dir = CLIP_DIR): MediaClip {
  if (loaded && dir === CLIP_DIR) return loaded
  const playlist = readFileSync(join(dir, 'clip.m3u8'), 'utf8').split('\n')
  const segments: HlsSegment[] = []
  playlist.forEach((line, i) => {
    const m = /^#EXTINF:([\d.]+)/.exec(line)
    const file = playlist[i + 1]
    if (m && file)
      segments.push({
        durationMs: Math.round(Number(m[1]) * 1000),
        data: readFileSync(join(dir, file)),
      })
  })
  if (segments.length === 0) throw new Error(`no segments in ${dir}/clip.m3u8`)
  const clip = {
    flv: parseFlv(readFileSync(join(dir, 'clip.flv'))),
    segments,
    snapshot: readFileSync(join(dir, 'snapshot.jpg')),
  }
  if (dir === CLIP_DIR) loaded = clip
  return clip
}
