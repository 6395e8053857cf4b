/**
 * FLV, as much as the media simulator needs to loop a committed clip as a live stream (the
 * `ws_flv` of a WVP/ZLMediaKit server, which mpegts.js plays): the file header, the script tag
 * (onMetaData) and the AVC sequence header are sent once, then the media tags again and again with
 * their timestamps shifted by the clip's length, so a player sees one stream whose time keeps rising.
 */

export const FLV_AUDIO = 8
export const FLV_VIDEO = 9
export const FLV_SCRIPT = 18

export interface FlvTag {
  type: number
  /** milliseconds, as in the file */
  timestamp: number
  data: Buffer
}

export interface FlvClip {
  /** the 9-byte header followed by PreviousTagSize0 */
  header: Buffer
  /** tags sent once at the start of every stream: onMetaData and the codec configurations */
  preamble: FlvTag[]
  /** the media tags looped */
  frames: FlvTag[]
  /** the clip's length in ms: the last frame's time plus one frame interval */
  durationMs: number
}

/** An AVC sequence header (or AAC AudioSpecificConfig): codec configuration, not a frame. */
function isConfig(tag: FlvTag): boolean {
  if (tag.type === FLV_VIDEO) return (tag.data.readUInt8(0) & 0x0f) === 7 && tag.data.readUInt8(1) === 0
  if (tag.type === FLV_AUDIO) return tag.data.readUInt8(0) >> 4 === 10 && tag.data.readUInt8(1) === 0
  return tag.type === FLV_SCRIPT
}

export function parseFlv(file: Buffer): FlvClip {
  if (file.length < 13 || file.toString('latin1', 0, 3) !== 'FLV') throw new Error('not an FLV file')
  const headerSize = file.readUInt32BE(5)
  const header = file.subarray(0, headerSize + 4)
  const preamble: FlvTag[] = []
  const frames: FlvTag[] = []
  let at = headerSize + 4
  while (at + 11 <= file.length) {
    const type = file.readUInt8(at) & 0x1f
    const size = file.readUIntBE(at + 1, 3)
    const timestamp = file.readUIntBE(at + 4, 3) | (file.readUInt8(at + 7) << 24)
    const end = at + 11 + size
    if (end + 4 > file.length) break
    const tag = { type, timestamp, data: file.subarray(at + 11, end) }
    if (isConfig(tag)) preamble.push(tag)
    // an AVC end-of-sequence mark (the muxer's last tag) would end the decoder's stream at each loop
    else if (!(type === FLV_VIDEO && tag.data.readUInt8(1) === 2)) frames.push(tag)
    at = end + 4
  }
  const video = frames.filter((f) => f.type === FLV_VIDEO)
  if (video.length < 2) throw new Error('an FLV clip needs at least two video frames')
  const last = video[video.length - 1]?.timestamp ?? 0
  const durationMs = last + (last - (video[video.length - 2]?.timestamp ?? 0))
  return { header, preamble, frames, durationMs }
}

/** One tag as it goes on the wire: the 11-byte tag header, the data, PreviousTagSize. */
export function encodeTag(tag: FlvTag, timestamp = tag.timestamp): Buffer {
  const out = Buffer.alloc(11 + tag.data.length + 4)
  out[0] = tag.type
  out.writeUIntBE(tag.data.length, 1, 3)
  out.writeUIntBE(timestamp & 0xffffff, 4, 3)
  out[7] = (timestamp >>> 24) & 0xff
  tag.data.copy(out, 11)
  out.writeUInt32BE(11 + tag.data.length, 11 + tag.data.length)
  return out
}

/** What a stream starts with: the header and the preamble tags at time 0. */
export function flvStart(clip: FlvClip): Buffer {
  return Buffer.concat([clip.header, ...clip.preamble.map((t) => encodeTag(t, 0))])
}

/**
 * A looping cursor over the clip: `until(ms)` answers every frame due up to `ms` of stream time
 * (frame n of loop k is due at k × duration + its own time), encoded with that rising timestamp.
 */
export class FlvLoop {
  private next = 0

  constructor(private readonly clip: FlvClip) {}

  /** stream time of the next frame to send */
  private get frame(): FlvTag {
    const { frames } = this.clip
    return frames[this.next % frames.length] as FlvTag // frames is never empty (parseFlv)
  }

  get nextTime(): number {
    const loop = Math.floor(this.next / this.clip.frames.length)
    return loop * this.clip.durationMs + this.frame.timestamp
  }

  until(ms: number): Buffer[] {
    const out: Buffer[] = []
    while (this.nextTime <= ms) {
      out.push(encodeTag(this.frame, this.nextTime))
      this.next++
    }
    return out
  }
}

/** Reads the tags of a stream's bytes (tests and diagnostics): header checked, tags in order. */
export function readFlvTags(stream: Buffer): { tags: FlvTag[]; header: Buffer } {
  const headerSize = stream.readUInt32BE(5)
  const tags: FlvTag[] = []
  let at = headerSize + 4
  while (at + 11 <= stream.length) {
    const size = stream.readUIntBE(at + 1, 3)
    const end = at + 11 + size
    if (end + 4 > stream.length) break
    tags.push({
      type: stream.readUInt8(at) & 0x1f,
      timestamp: stream.readUIntBE(at + 4, 3) | (stream.readUInt8(at + 7) << 24),
      data: stream.subarray(at + 11, end),
    })
    at = end + 4
  }
  return { tags, header: stream.subarray(0, headerSize) }
}
