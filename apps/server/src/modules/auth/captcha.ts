import { randomUUID } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Cache } from '../../core/cache/index.js'

const TTL_SECONDS = 300
/** BladeX's captcha (SpecCaptcha 130×48, 5 characters): Saber and other BladeX clients check this length. */
export const CAPTCHA_LENGTH = 5
/** letters and digits a person confuses when reading a distorted image */
const CONFUSABLE = '0oO1iIlL'

/**
 * Five-character image captcha (svg-captcha), as BladeX's: the answer is stored under a random key,
 * single-use, for five minutes, and compared without regard to case. The image is SVG:
 * `data:image/svg+xml;base64,…` works wherever Saber puts a PNG data URL.
 */
export async function newCaptcha(cache: Cache, key: string = randomUUID()) {
  const { data, text } = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    width: 130,
    height: 48,
    noise: 2,
    color: true,
    ignoreChars: CONFUSABLE,
  })
  await cache.set(`captcha:${key}`, text.toLowerCase(), TTL_SECONDS)
  return { key, svg: data }
}

/** True when the code matches; the stored answer is consumed whatever the outcome (no retries). */
export async function checkCaptcha(cache: Cache, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false
  const expected = await cache.take(`captcha:${key}`)
  return expected !== null && expected === code.trim().toLowerCase()
}
