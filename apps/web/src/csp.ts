/**
 * The console runs under a Content-Security-Policy without `unsafe-eval` (server: core/http/csp.ts).
 * zod probes `new Function` to decide whether it may compile fast parsers; the probe is caught, but
 * the browser still reports a violation. `jitless` skips the probe (and the compiled parsers, which a
 * form's few fields do not need). Set through zod's global config object, so this module pulls no
 * zod into the first chunk; imported first in main.tsx, before any schema parses.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig ??= {}
holder.__zod_globalConfig.jitless = true
