// The import rules of the repository, checked by dependency-cruiser in `npm run lint`
// (`npm run lint:deps`: `depcruise apps packages e2e bench`, then scripts/dependency-rules.test.mjs, which
// runs this same file over scripts/fixtures/dependency-rules and fails if a rule stops biting).
// Paths are relative to the folder depcruise runs in (the repository root). Every rule is an error.
// The layering they keep is described in docs/architecture.md ("Layers and import rules").
const { join } = require('node:path')

const SERVER = '^apps/server/src/'
const WEB = '^apps/web/src/'
/** server tests: `*.test.ts` beside the code and the harness in `test/` (they start the whole app) */
const SERVER_TEST = ['\\.test\\.ts$', `${SERVER}test/`]
/** what stands above the modules: the app, the process entry, the seeds and schema entry, the tests' harness */
const ABOVE_MODULES = `${SERVER}((app|main)\\.ts$|compose/|test/|modules/index\\.ts$)`

/**
 * The system area's modules, lowest first: each may import those before it, never one after it
 * (identity holds the accounts' tables; an account names its tenant, depts, posts and roles).
 */
const SYSTEM_ORDER = ['identity', 'org', 'authority', 'tenant', 'user']

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere, type-only imports included (tsPreCompilationDeps).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-resolvable',
      comment:
        'Every import resolves (aliases and workspace exports too): a rule cannot see an edge it cannot resolve.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'apps-apart',
      comment: 'The server and the console share code only through packages/contract.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^(apps/(server|web)|e2e|bench)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contract-below-apps',
      comment: 'packages/ are below the apps: they import none of them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'core-db-below-modules',
      comment:
        'core/ and db/ are the mechanisms every module uses: they never import a module (tests included).',
      severity: 'error',
      from: { path: `${SERVER}(core|db)/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'core-db-below-composition',
      comment:
        'core/ and db/ never import what stands above the modules (app.ts, main.ts, compose/, the module list); ' +
        'their tests may start the app through test/.',
      severity: 'error',
      from: { path: `${SERVER}(core|db)/`, pathNot: SERVER_TEST },
      to: { path: ABOVE_MODULES },
    },
    {
      name: 'module-through-index',
      comment: "A module imports another module only through that module's index.ts (its public face).",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-below-composition',
      comment:
        "A module's code imports neither the app, the module list, compose/ (every table: a back door " +
        'around module-through-index) nor the test harness; its tests may.',
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/`, pathNot: SERVER_TEST },
      to: { path: ABOVE_MODULES },
    },
    {
      name: 'outside-through-index-or-schema',
      comment:
        'Code outside the modules (app.ts, compose/, test/) imports a module through its index.ts or schema.ts.',
      severity: 'error',
      from: { pathNot: `${SERVER}(core|db|modules/[^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: `${SERVER}modules/[^/]+/(index|schema)\\.ts$`,
      },
    },
    ...SYSTEM_ORDER.slice(0, -1).map((lower, i) => ({
      name: 'system-direction',
      comment: `The system area's direction (${SYSTEM_ORDER.join(' < ')}): ${lower} imports none above it.`,
      severity: 'error',
      from: { path: `${SERVER}modules/${lower}/`, pathNot: SERVER_TEST },
      to: { path: `${SERVER}modules/(${SYSTEM_ORDER.slice(i + 1).join('|')})/` },
    })),
    {
      name: 'identity-is-the-floor',
      comment: "identity (the accounts' tables) imports no other module: the system area stands on it.",
      severity: 'error',
      from: { path: `${SERVER}modules/identity/` },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/identity/` },
    },
    {
      name: 'feature-apart',
      comment: 'A console feature never imports another feature.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'shell-not-features',
      comment: 'The console shell never imports a feature, except the list of them (app/features.ts).',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: [`${WEB}features/`, `${WEB}app/features\\.ts$`] },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)(node_modules|dist)/',
        '^e2e/(artifacts|test-results)/',
        '^bench/results/',
        // the workflow engine spike (issue 31): a record with its own package.json, installed only to re-run it
        '^apps/server/spike/',
      ],
    },
    // type-only imports are dependencies too: a cycle through types is still a cycle
    tsPreCompilationDeps: true,
    // the console's `@/` alias; an absolute path, so the fixtures' run (another folder) reads the same
    tsConfig: { fileName: join(__dirname, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      // workspace packages (`@xpark/contract/...`) resolve through their `exports`
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
}
