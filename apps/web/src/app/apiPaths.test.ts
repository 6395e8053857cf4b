import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No screen writes an API path as a string (issue 27): a feature or a shared component reaches the
 * server through a declaration of `@xpark/contract` — a resource's contract (its routes by verb) or a
 * declared call (`callApi`) — so a renamed route is one edit, checked by the types. This test reads the
 * sources for string literals that look like API paths.
 *
 * Exempt, with the reason: the sign-in chunk's own calls (`api/auth.ts`, `api/social.ts`: BladeX's
 * fixed OAuth endpoints; declaring them would pull zod into the first chunk the sign-in budget
 * counts).
 */

const SRC = join(import.meta.dirname, '..')
const EXEMPT = new Set(['api/auth.ts', 'api/social.ts'])

/**
 * A quoted string that starts like one of the API's paths (the console's own `/commodity/…` and
 * `/intercom/…` routes are screens, not calls: the intercom's API paths are declared without one).
 */
const API_PATH =
  /['"`](?!\/commodity\/|\/intercom\/)\/?(xparkApi\/|blade-[a-zA-Z]+\/|park-[a-z]+\/|andchu\/|api\/|app\/pay|dutyManagement|commodity[A-Za-z]*\/|assettype|asset-property|intercom\/|park-meeting|blade-mealTime)[^'"`]*['"`]/g

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

describe('API paths', () => {
  it('no feature, component or shell file names an API path as a string', () => {
    const found: string[] = []
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).replaceAll('\\', '/')
      if (EXEMPT.has(name)) continue
      const hits = readFileSync(file, 'utf8').match(API_PATH) ?? []
      if (hits.length) found.push(`${name}: ${hits.slice(0, 3).join(', ')}`)
    }
    expect(found).toEqual([])
  })
})
