/**
 * A live HLS stream made of a few committed MPEG-TS segments played round and round: the playlist
 * slides (a window of the last few segments, `#EXT-X-MEDIA-SEQUENCE` rising with the clock), and as
 * the segments' own timestamps start again at each loop, the first segment of every loop after the
 * first is marked `#EXT-X-DISCONTINUITY` (and `#EXT-X-DISCONTINUITY-SEQUENCE` counts the marks that
 * slid out, RFC 8216 §4.3.3.3), which is how a real packager signals a restarted encoder.
 */

export interface HlsSegment {
  durationMs: number
  data: Buffer
}

export interface LivePlaylistOptions {
  /** segments in the playlist (RFC 8216 §6.2.2 asks for at least three target durations) */
  window?: number
  /** the URL of segment `n` (global sequence number), relative to the playlist */
  uri: (n: number) => string
}

/** The segment behind global sequence number `n`. */
export function segmentAt(segments: HlsSegment[], n: number): HlsSegment {
  return segments[n % segments.length] as HlsSegment // n ≥ 0, segments never empty
}

/**
 * Sequence number of the newest complete segment at `elapsedMs` after the stream began, given the
 * stream was already `window` segments old when it began (so a player has a full window at once).
 */
export function newestSegment(segments: HlsSegment[], elapsedMs: number, window: number): number {
  const loopMs = segments.reduce((sum, s) => sum + s.durationMs, 0)
  const loops = Math.floor(Math.max(0, elapsedMs) / loopMs)
  let n = loops * segments.length
  let rest = Math.max(0, elapsedMs) - loops * loopMs
  for (const s of segments) {
    if (rest < s.durationMs) break
    rest -= s.durationMs
    n++
  }
  return n + window - 1
}

export function livePlaylist(
  segments: HlsSegment[],
  elapsedMs: number,
  options: LivePlaylistOptions,
): string {
  const window = options.window ?? 3
  const last = newestSegment(segments, elapsedMs, window)
  const first = last - window + 1
  const count = segments.length
  const target = Math.ceil(Math.max(...segments.map((s) => s.durationMs)) / 1000)
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // loop starts (count, 2×count, …) before the first segment listed
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first > 0 ? Math.floor((first - 1) / count) : 0}`,
  ]
  for (let n = first; n <= last; n++) {
    if (n > 0 && n % count === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXTINF:${(segmentAt(segments, n).durationMs / 1000).toFixed(3)},`, options.uri(n))
  }
  return `${lines.join('\n')}\n`
}

/** A whole recording as a VOD playlist: `count` segments from the loop, then the end mark. */
export function vodPlaylist(segments: HlsSegment[], count: number, uri: (n: number) => string): string {
  const target = Math.ceil(Math.max(...segments.map((s) => s.durationMs)) / 1000)
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-PLAYLIST-TYPE:VOD']
  lines.push('#EXT-X-MEDIA-SEQUENCE:0')
  for (let n = 0; n < count; n++) {
    if (n > 0 && n % segments.length === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXTINF:${(segmentAt(segments, n).durationMs / 1000).toFixed(3)},`, uri(n))
  }
  lines.push('#EXT-X-ENDLIST')
  return `${lines.join('\n')}\n`
}
