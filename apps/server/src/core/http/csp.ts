/**
 * The Content-Security-Policy of the console's HTML (issue 7). Scripts only from our own origin (the
 * built bundles: no inline script, no eval), so an injected `<script>` or `javascript:` cannot run.
 * Styles may be inline: Ant Design writes its styles at run time and the boot page has a small
 * `<style>`. Images may come from anywhere over http(s) (tenant logos and login backgrounds are
 * URLs) or be data/blob URLs (the captcha); frames may show external pages (the console's iframe
 * screens). The API is our own origin, but the video screens fetch streams from the park's media
 * servers, wherever a machine's `serviceUrl` says (HLS playlists and segments, FLV over WebSocket,
 * WHEP offers; the media simulator on a loopback port of its own): connections and media may go to
 * any http(s)/ws(s) origin. Nothing may frame the console but itself.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  "media-src 'self' blob: http: https:",
  "worker-src 'self' blob:",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')
