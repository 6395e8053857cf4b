import { randomUUID } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Cache } from '../../core/cache/index.js'

const TTL_SECONDS = 300

/**
 * Arithmetic captcha (svg-captcha): the answer is stored under a random key, single-use, for five
 * minutes. The image is SVG: `data:image/svg+xml;base64,…` works wherever Saber puts a PNG data URL.
 */
export async function newCaptcha(cache: Cache, key: string = randomUUID()) {
  const { data, text } = svgCaptcha.createMathExpr({ width: 130, height: 48, noise: 2, color: true })
  await cache.set(`captcha:${key}`, text.toLowerCase(), TTL_SECONDS)
  return { key, svg: data }
}

/** True when the code matches; the stored answer is consumed whatever the outcome (no retries). */
export async function checkCaptcha(cache: Cache, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false
  const expected = await cache.take(`captcha:${key}`)
  return expected !== null && expected === code.trim().toLowerCase()
}
