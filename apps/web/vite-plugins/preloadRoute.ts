import type { Plugin, ResolvedConfig } from 'vite'

type Chunk = { fileName: string; imports: string[]; viteMetadata?: { importedCss: Set<string> } }

/** a chunk and its static imports, transitively */
function closure(byFile: Map<string, Chunk>, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const next of byFile.get(file)?.imports ?? []) closure(byFile, next, seen)
  return seen
}

/**
 * Preload one lazy route from index.html: `<link rel="modulepreload">` for its chunk and the chunks it
 * imports that the entry does not, and its CSS as a stylesheet. The browser then fetches them beside
 * the entry instead of discovering them after the entry has run (the sign-in page: one round trip
 * less before the form). Vite's preload helper finds the links already there and adds none.
 */
export function preloadRoute(source: string): Plugin {
  let base = './'
  return {
    name: 'xpark:preload-route',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const route = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)))
        if (!route) throw new Error(`preloadRoute: no chunk for ${source}`)
        const byFile = new Map<string, Chunk>(chunks.map((c) => [c.fileName, c]))
        const loaded = closure(byFile, entry.fileName)
        const files = [...closure(byFile, route.fileName)].filter((f) => !loaded.has(f))
        const entryCss = new Set(
          [...loaded].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]),
        )
        const css = new Set(
          files
            .flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])
            .filter((f) => !entryCss.has(f)),
        )
        return [
          ...files.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` },
            injectTo: 'head' as const,
          })),
          ...[...css].map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${f}` },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
}
