/**
 * The Content-Security-Policy of the console's HTML (issue 7). Scripts only from our own origin (the
 * built bundles: no inline script, no eval), so an injected `<script>` or `javascript:` cannot run.
 * Styles may be inline: Ant Design writes its styles at run time and the boot page has a small
 * `<style>`. Images may come from anywhere over http(s) (tenant logos and login backgrounds are
 * URLs) or be data/blob URLs (the captcha); frames may show external pages (the console's iframe
 * screens); the API is our own origin. Nothing may frame the console but itself.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')
