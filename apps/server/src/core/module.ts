import type { CallPermission } from '@xpark/contract/calls'
import { actionPermission, type ResourceContract } from '@xpark/contract/kit'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Config } from '../config.js'
import type { Database, Tx } from '../db/client.js'
import type { TokenService } from './auth/tokens.js'
import type { Cache } from './cache/index.js'
import { isResourceBesideTable } from './crud/beside-table.js'
import { defineResource, type Resource } from './crud/index.js'
import type { DeviceSubscription, Devices } from './devices/index.js'
import type { Api } from './http/api.js'
import type { Realtime } from './realtime/index.js'
import type { SecretBox } from './secret-box.js'
import type { Statistic, Statistics } from './statistics/index.js'
import type { FileLinks } from './storage/index.js'

/**
 * A module is one folder (`modules/<name>/`) whose `index.ts` exports one manifest: its resources
 * and hand-written routes, its tables, its menus and buttons, its dictionaries, its demo data and
 * its scheduled jobs. The app, the database schema, the seeds and the menu sync loop over the one
 * list in `modules/index.ts`. See docs/modules.md.
 */

/** Everything a route handler may need, handed to each module. */
export interface ModuleContext {
  config: Config
  database: Database
  cache: Cache
  tokens: TokenService
  /** signed links to stored objects (core/storage) */
  files: FileLinks
  /** credentials of outside systems sealed at rest (core/secret-box.ts) */
  secrets: SecretBox
  /** live messages to signed-in users (server-sent events over the bus; core/realtime) */
  realtime: Realtime
  /** the machines over MQTT: publish, command with ack, online state (core/devices) */
  devices: Devices
  /** every module's statistics by name (core/statistics): widgets, reports and dashboards read them */
  statistics: Statistics
  /** request encryption's public key (base64 SPKI) when XPARK_CRYPTO is on; the private key stays in core */
  cryptoPublicKey?: string
}

/** A menu entry seeded on first start (and added to older databases at start, see compose/seed/sync.ts). */
export interface MenuSeed {
  code: string
  name: string
  path?: string
  source?: string
  sort?: number
  /** 1 menu, 2 button */
  category?: 1 | 2
  alias?: string
  /** buttons: 1 toolbar, 2 row, 3 both */
  action?: number
  /** 2 opens in a new window */
  isOpen?: 1 | 2
  hidden?: boolean
  keepAlive?: boolean
  /** the English name the console shows (told in its boot data; a stored name has no English) */
  en?: string
  children?: MenuSeed[]
}

export const button = (code: string, name: string, action: number): MenuSeed => ({
  code,
  name,
  category: 2,
  action,
})

const BUTTON_NAMES: Record<string, [string, number]> = {
  add: ['新增', 1],
  edit: ['修改', 2],
  delete: ['删除', 3],
  view: ['查看', 2],
  export: ['导出', 1],
  import: ['导入', 1],
}

/**
 * A screen's menu entry with the buttons of its resource, read from the contract: the four, each
 * action (named by its `name`) and the Excel ones. A permission code is written once, in the contract.
 */
export function resourceScreen(
  contract: ResourceContract<z.ZodObject, z.ZodObject, CallPermission>,
  name: string,
  path: string,
  source: string,
  extra: MenuSeed[] = [],
): MenuSeed {
  const buttons: MenuSeed[] = Object.entries(BUTTON_NAMES)
    .filter(([key]) => (key === 'export' || key === 'import' ? contract.excel?.[key] : true))
    .map(([key, [label, action]]) => button(`${contract.code}_${key}`, label, action))
  for (const [key, a] of Object.entries(contract.actions ?? {}))
    buttons.push(button(actionPermission(contract, key, a), a.name ?? key, 2))
  return { code: contract.code, name, path, source, children: [...buttons, ...extra] }
}

/**
 * A screen without a contract of its own (or with BladeX's codes): its menu entry with the usual
 * `<code>_add/_edit/_delete/_view` buttons and any extra ones.
 */
export function screen(
  code: string,
  name: string,
  path: string,
  source: string,
  extra: MenuSeed[] = [],
): MenuSeed {
  return {
    code,
    name,
    path,
    source,
    children: [
      ...(['add', 'edit', 'delete', 'view'] as const).map((key) => {
        const [label, action] = BUTTON_NAMES[key]!
        return button(`${code}_${key}`, label, action)
      }),
      ...extra,
    ],
  }
}

/**
 * 系统管理: the one top-level menu several modules put their screens under (users, departments,
 * dictionaries, tenants …). A module declares `inSystemMenu(...)` among its menus; the seeds merge
 * the entries by code, so the section is written once here and each screen in its own module.
 */
export const SYSTEM_MENU: MenuSeed = {
  code: 'system',
  name: '系统管理',
  path: '/system',
  source: 'SettingOutlined',
  sort: 99,
}

/** Screens under 系统管理 (their `sort` places them among the other modules' screens there). */
export function inSystemMenu(...children: MenuSeed[]): MenuSeed {
  return { ...SYSTEM_MENU, children }
}

/**
 * Menu trees merged by code, level by level: entries that share a code are one entry (declared alike,
 * e.g. a shared section) whose children are all of theirs, in the order given. Two entries of one
 * code that differ in anything but their children are a mistake, refused at start.
 */
export function mergeMenuSeeds(trees: readonly (readonly MenuSeed[])[]): MenuSeed[] {
  const merged = new Map<string, MenuSeed>()
  const children = new Map<string, MenuSeed[][]>()
  for (const tree of trees)
    for (const node of tree) {
      const { children: own, ...entry } = node
      const seen = merged.get(node.code)
      if (seen) {
        const { children: _, ...before } = seen
        if (JSON.stringify(before) !== JSON.stringify(entry))
          throw new Error(`menu ${node.code} is declared twice, differently`)
      } else merged.set(node.code, entry)
      if (own) children.set(node.code, [...(children.get(node.code) ?? []), own])
    }
  return [...merged.values()].map((entry) => {
    const lists = children.get(entry.code)
    return lists ? { ...entry, children: mergeMenuSeeds(lists) } : entry
  })
}

/** Every code of a seeded menu tree (menus and buttons). */
export function menuCodes(menus: readonly MenuSeed[]): string[] {
  return menus.flatMap((m) => [m.code, ...menuCodes(m.children ?? [])])
}

/** What a module's demo data may use, beside the transaction. */
export interface DemoContext {
  tx: Tx
  /** the demo park's tenant id */
  tenantId: string
  /** user ids of the demo park by account (`admin`, `staff`) */
  users: ReadonlyMap<string, string>
  /** dept ids of the demo park, root first */
  depts: readonly string[]
}

/** A scheduled job: run once per interval across all server processes (a cache lock decides who). */
export interface Job {
  name: string
  everySeconds: number
  /** `signal` aborts when the server closes: a long run stops at its next safe point */
  run: (ctx: ModuleContext, signal: AbortSignal) => Promise<void>
  /**
   * asks to run now on this process, beside the schedule (a write that wants its results soon); only
   * for a job whose runs may overlap another process's (a derived job's drain)
   */
  wake?: JobWake
}

/** A job's "run now" bell: the job's module rings it, the scheduler (core/jobs) answers it. */
export interface JobWake {
  ask(): void
  listen(run: () => void): () => void
}

/** A park product a module brings: the bundle of its menus a tenant can be given. */
export interface ProductSeed {
  name: string
  remark: string
}

/** A dictionary a module needs: BladeX `blade_dict` (system) entries by code. */
export interface DictSeed {
  code: string
  name: string
  /** [dictKey, dictValue, remark?] in display order */
  entries: readonly (readonly [string | number, string, string?])[]
}

export interface ModuleManifest {
  name: string
  /** the factory's resources of the module (registered in this order) */
  resources?: readonly Resource[]
  /** routes written by hand (after the resources) */
  routes?: (api: Api, ctx: ModuleContext) => Promise<void>
  /** the module's tables (its `schema.ts` namespace): sweeps and tools loop over them */
  tables?: Readonly<Record<string, unknown>>
  /**
   * the module's screens with their buttons: its own top-level entries, or screens under a section
   * several modules share (`inSystemMenu(...)`); the seeds merge every module's by code
   */
  menus?: readonly MenuSeed[]
  /** the park product bundling every menu above (the demo park holds it) */
  product?: ProductSeed
  /** menu and button codes park staff (the demo's view-only role) get, or which of the menus' codes */
  staff?: readonly string[] | ((codes: readonly string[]) => readonly string[])
  dicts?: readonly DictSeed[]
  /**
   * business dictionaries (`blade_dict_biz`) the module's screens read, which a park relabels: seeded
   * for the platform tenant and the demo park; new tenants copy the platform's (tenant provisioning)
   */
  bizDicts?: readonly DictSeed[]
  /** demo data for the demo park, written once into a new database, inside the seed's transaction */
  demo?: (ctx: DemoContext) => Promise<void>
  jobs?: readonly Job[]
  /**
   * what the module takes from the machines: topic kind, payload schema, handler in a transaction,
   * dedupe key (core/devices/ingest.ts); a function when the handlers need the context
   */
  subscriptions?: readonly DeviceSubscription[] | ((ctx: ModuleContext) => readonly DeviceSubscription[])
  /**
   * the module's figures (core/statistics): named, typed, tenant- and scope-aware queries that
   * big-screen widgets, saved reports and dashboards read by name
   */
  statistics?: readonly Statistic[]
}

/** A module as the app reads it: every resource, menu and staff code resolved. */
export interface Module extends Omit<ModuleManifest, 'staff'> {
  resources: readonly Resource[]
  menus: readonly MenuSeed[]
  staff?: readonly string[]
}

/**
 * The module with what its declarations imply: the resources declared beside their tables
 * (`resourceOf` in its schema.ts) after its own, and the screens their contracts declare
 * (`screen`) in its menus, under the section they name.
 */
export function defineModule(manifest: ModuleManifest): Module {
  const beside = Object.values(manifest.tables ?? {})
    .filter(isResourceBesideTable)
    .map((r) => defineResource(r.options))
  const resources = [...(manifest.resources ?? []), ...beside]
  const menus = withContractScreens(manifest.menus ?? [], resources, manifest.name)
  const { staff, ...rest } = manifest
  return {
    ...rest,
    resources,
    menus,
    ...(staff ? { staff: typeof staff === 'function' ? staff(menuCodes(menus)) : staff } : {}),
  }
}

/** The menus with each contract screen's entry under its section (refused when the module has none). */
function withContractScreens(menus: readonly MenuSeed[], resources: readonly Resource[], module: string) {
  const screens = resources.flatMap((r) => (r.contract.screen ? [r.contract] : []))
  if (!screens.length) return menus
  const placed = new Set<string>()
  const place = (nodes: readonly MenuSeed[]): MenuSeed[] =>
    nodes.map((node) => {
      const own = screens.filter((c) => c.screen!.parent === node.code)
      for (const c of own) placed.add(c.code)
      const children = [
        ...place(node.children ?? []),
        ...own.map((c) => ({
          ...resourceScreen(c, c.screen!.name, c.screen!.path, c.screen!.icon),
          en: c.screen!.en,
        })),
      ]
      return children.length ? { ...node, children } : node
    })
  const out = place(menus)
  for (const c of screens)
    if (!placed.has(c.code))
      throw new Error(
        `module ${module}: screen ${c.code} names section ${c.screen!.parent}, not among its menus`,
      )
  return out
}

/** The English menu names the modules declare, by code (the console's boot data carries them). */
export function englishMenuNames(menus: readonly MenuSeed[]): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (nodes: readonly MenuSeed[]) => {
    for (const n of nodes) {
      if (n.en) out[n.code] = n.en
      walk(n.children ?? [])
    }
  }
  walk(menus)
  return out
}

/** The tables of a manifest (a schema namespace holds other exports too). */
export function tablesOf(manifest: ModuleManifest): PgTable[] {
  return Object.values(manifest.tables ?? {}).filter(
    (t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t,
  )
}
