import type { CSSProperties } from 'react'

/** A background the page may show: http(s) or a server path, nothing that could leave CSS `url()`. */
const SAFE_URL = /^(https?:\/\/|\/)[^\s"'()\\]*$/

/** The address when it is one the page may show (http(s) or a server path), else undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  return url && SAFE_URL.test(url) ? url : undefined
}

/** The login page background of a park's own domain (`tenant/info` backgroundUrl); none when unsafe or absent. */
export function backgroundStyle(url: string | undefined): CSSProperties | undefined {
  if (!safeUrl(url)) return undefined
  return { backgroundImage: `url("${url}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
}
