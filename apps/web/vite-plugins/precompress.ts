import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** what is worth compressing: text the browser loads (not index.html, which the server renders per request) */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|wasm)$/
const MIN_BYTES = 1024

/**
 * Write `<file>.gz` and `<file>.br` beside every compressible asset, once, at the strongest levels:
 * the server sends them as they are (core/http/console.ts) instead of compressing on each request.
 */
export function precompress(): Plugin {
  return {
    name: 'xpark:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      const files = Object.keys(bundle).filter(
        (f) => COMPRESSIBLE.test(f) && f !== 'index.html' && !f.startsWith('.'),
      )
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file)
          const body = await readFile(path)
          if (body.length < MIN_BYTES) return
          const [gz, br] = await Promise.all([
            gzipAsync(body, { level: 9 }),
            brotliAsync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          ])
          await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)])
        }),
      )
    },
  }
}
