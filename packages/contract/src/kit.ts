import type { z } from 'zod'
import { type CallContract, type CallPermission, defineCall } from './calls.js'

/**
 * The module kit's contract: one description of a resource that the server (`core/crud`), the
 * console (`components/crud`) and the seeded menu buttons all read, so a path, a permission code, a
 * form or a row shape is written once. Plain data and zod schemas only: both sides import it.
 *
 * See docs/modules.md.
 */

/** Filter operators of a field's bare parameter (spec 01 §5: =, not equal, like, >, >=, <, <=, in). */
export type FilterOperator = 'eq' | 'ne' | 'like' | 'gt' | 'ge' | 'lt' | 'le' | 'in'

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

/** The routes the CRUD factory makes, by verb. */
export type CrudVerb =
  | 'list'
  | 'page'
  | 'detail'
  | 'remove'
  | 'submit'
  | 'save'
  | 'update'
  | 'select'
  /** tree resources: the whole tree as rows with `children` */
  | 'treeList'
  /** tree resources: `TreeNode`s for a tree select */
  | 'tree'
  /** tree resources: one level under `parentId`, rows with `hasChildren` */
  | 'lazyList'
  /** tree resources: one level under `parentId` (the storage module's name for it) */
  | 'uplist'

/**
 * Where a verb is answered: a name under the resource's path (`queryGoods`), or `/abs/path` for a
 * route outside it (`/api/blade-commodityOrders/commodityOrders/submit`), with its methods and, for
 * `detail` and `remove`, the query parameter carrying the id(s) (`goodsId`).
 */
export interface RouteSpec {
  path: string
  methods?: readonly HttpMethod[]
  /** `detail`: the id parameter (default `id`); `remove`: the ids parameter (default `ids`) */
  idParam?: string
  /** further absolute paths answering the same (a client that sends it under `/api/…`) */
  also?: readonly string[]
}

export type RouteName = string | RouteSpec

/** A state value (a number as most BladeX status columns, or a code). */
export type StateValue = string | number

/** One way an action moves a row: from these states to that one; one button in the console. */
export interface Transition {
  /** i18n key (or text) of the button */
  label: string
  from: readonly StateValue[]
  to: StateValue
  /** the input values that select this transition (`{status: 1}` puts a listing on the shelf) */
  when?: Readonly<Record<string, StateValue>>
  /** i18n key (or text) of the confirmation the console asks before it (every action is confirmed) */
  confirm?: string
  /** shown as a dangerous action (red) */
  danger?: boolean
  /**
   * only the person the row names takes it (the assigned worker accepts, the reporter rates): `field`
   * holds that user's id; anyone else is refused with 403 `refusal` (default {@link NOT_YOURS}) and the
   * console shows the button to that person only
   */
  by?: TransitionBy
  /**
   * a further button code this transition needs beside its action's (dispatching a repair order needs
   * `property_repair_dispatch`, accepting it only the action's): 403 without it, the console hides it
   */
  permission?: string
}

export interface TransitionBy {
  field: string
  refusal?: string
}

/** The refusal of a transition taken by someone other than the person the row names. */
export const NOT_YOURS = '只能由指定人员操作'

/** May this user take the transition on this row (a transition without `by` is anyone's)? */
export function takesTransition(
  t: Transition,
  row: Readonly<Record<string, unknown>>,
  userId: string,
): boolean {
  return !t.by || String(row[t.by.field] ?? '') === userId
}

/** A named state transition (`changeStatus`, `checkStorageBill`, `closeAlarm`). */
export interface ActionContract {
  /** the button's name in the seeded menu (Chinese, as menu names are) */
  name?: string
  /** route name under the resource's path (default: the action's key) */
  route?: RouteName
  /** the row field holding the state */
  state: string
  /** ids: `id` (one row, default) or `ids` (a comma list, all or nothing) */
  target?: 'id' | 'ids'
  /** further parameters (query or JSON body), validated at the edge */
  input?: z.ZodObject
  transitions: readonly Transition[]
  /** button code (default `<code>_<action key>`) */
  permission?: string
}

/** Header + lines saved together (bills and their details). */
export interface LinesContract {
  /** the array field of the header's submit body (`details`) */
  field: string
  /** one line's editable fields */
  form: z.ZodObject
  /** one line as read back */
  row: z.ZodObject
  /** the line field holding its header's id (`billId`) */
  key: string
  /** GET route answering a header's lines (`listBillDetail?billId=`), parameter = `key` or `id` */
  read?: RouteName
  /** POST route removing lines by `ids` (`removeDetails`) */
  remove?: RouteName
  /** lines a header may have (default 1000) */
  max?: number
}

/** Excel routes of a resource (spec 02 §9), by name under its path. */
export interface ExcelContract {
  export?: RouteName
  template?: RouteName
  import?: RouteName
}

/** A tree by a parent column (`parentId`, `0` the root). */
export interface TreeContract {
  /** default `parentId` */
  parent?: string
  /** the field shown as a node's title (default: the resource's `label`) */
  title?: string
}

/**
 * What each route of a resource requires: the write buttons' codes, and what reading needs (a code, a
 * marker of calls.ts such as `SIGNED_IN` or `ADMINISTRATOR`, or a list of which any one suffices).
 */
export interface ContractPermissions<V extends CallPermission = string> {
  add: string
  edit: string
  delete: string
  view: V
}

/**
 * What the writes (`submit`, `save`, `update`) answer: `'id'` the row's id (`{id}`, '操作成功'),
 * with a response schema; `'status'` BladeX's `R.status(true)` (`data: {}`), which the system
 * screens' BladeX clients read (only `success` there).
 */
export type WriteReply = 'id' | 'status'

export interface ResourceContractInput<
  F extends z.ZodObject,
  R extends z.ZodObject,
  V extends CallPermission = string,
> {
  /** URL path under the API base (`park-storage/storageBill`, `commodityType`) */
  path: string
  /**
   * The resource's code: button codes `<code>_add | _edit | _delete | _view` (and `<code>_<action>`),
   * the data-scope resource code, the console's query keys.
   */
  code: string
  /** the editable fields (a submit/save/update body); messages are i18n keys or texts */
  form: F
  /** a row as the list and detail answer it (wire form: ids and dates as strings) */
  row: R
  /** the field naming a row (tree titles, selects, confirmations; default `name`) */
  label?: string
  /**
   * whitelisted filters: field → operator of the bare parameter; `{ op: 'like', index: 'trigram' }`
   * asks for a trigram index (the table's `tenantIndexes(…, filters)` builds it)
   */
  filters?: Readonly<Record<string, FilterOperator | { op: FilterOperator; index?: 'trigram' }>>
  /** whitelisted sort fields (`id` always) */
  sorts?: readonly string[]
  /** route names per verb; `false` leaves a verb out (defaults: see `routesOf`) */
  routes?: Partial<Record<CrudVerb, RouteName | false>>
  tree?: TreeContract
  actions?: Readonly<Record<string, ActionContract>>
  lines?: LinesContract
  excel?: ExcelContract
  /**
   * Codes other than the default `<code>_add | _edit | _delete | _view`, per route kind: a system
   * screen's own BladeX codes (attachments add and rename with `attach_upload`), or a reading marker
   * (`SIGNED_IN` for data every screen reads, `ADMINISTRATOR` for platform data) or list.
   */
  permissions?: Partial<ContractPermissions<V>>
  /** what the writes answer (default `'id'`; see `WriteReply`) */
  writeReply?: WriteReply
  /** the resource's own screen in the console's menu (see `ScreenContract`) */
  screen?: ScreenContract
  /**
   * form fields that are written and never read back (a machine's account and password): sealed at
   * rest, in no reply; on an update an empty or absent value keeps what is stored
   */
  writeOnly?: readonly string[]
  /**
   * a live list: the server publishes on this tenant topic when rows change outside a write (machines
   * going on and off line), and an open list reloads (core/realtime, the console's `useLiveList`)
   */
  live?: { topic: string; event: string }
}

/**
 * A resource's screen, declared with it: the server seeds its menu entry (with the contract's
 * buttons) under the module's section `parent`, and tells the console its English name; the console
 * finds the screen's file by the path's last segment (`features/<feature>/screens/<segment>.tsx`).
 */
export interface ScreenContract {
  /** the code of the menu section it sits in (one of the module's own menus) */
  parent: string
  /** the menu's name (Chinese, as seeded) and its English name */
  name: string
  en: string
  /** the console route (`/commodity/brand`) */
  path: string
  /** the antd icon's name (`TagOutlined`) */
  icon: string
}

export interface ResourceContract<
  F extends z.ZodObject = z.ZodObject,
  R extends z.ZodObject = z.ZodObject,
  V extends CallPermission = string,
> extends ResourceContractInput<F, R, V> {
  label: string
  /** every verb's route, resolved (absent = not made) */
  resolved: Partial<Record<CrudVerb, Required<RouteSpec>>>
  permissions: ContractPermissions<V>
  writeReply: WriteReply
}

const STANDARD: readonly CrudVerb[] = ['list', 'page', 'detail', 'remove', 'submit', 'save', 'update']
const TREE: readonly CrudVerb[] = ['treeList', 'tree', 'lazyList']

const DEFAULT_ROUTE: Record<CrudVerb, Required<RouteSpec>> = {
  list: { path: 'list', methods: ['GET'], idParam: '', also: [] },
  page: { path: 'page', methods: ['GET'], idParam: '', also: [] },
  detail: { path: 'detail', methods: ['GET'], idParam: 'id', also: [] },
  remove: { path: 'remove', methods: ['POST'], idParam: 'ids', also: [] },
  submit: { path: 'submit', methods: ['POST'], idParam: '', also: [] },
  save: { path: 'save', methods: ['POST'], idParam: '', also: [] },
  update: { path: 'update', methods: ['POST'], idParam: '', also: [] },
  select: { path: 'select', methods: ['GET'], idParam: '', also: [] },
  treeList: { path: 'list', methods: ['GET'], idParam: '', also: [] },
  tree: { path: 'tree', methods: ['GET'], idParam: '', also: [] },
  lazyList: { path: 'lazy-list', methods: ['GET'], idParam: '', also: [] },
  uplist: { path: 'uplist', methods: ['GET'], idParam: '', also: [] },
}

/** A route name with its defaults filled in. */
export function routeSpec(name: RouteName, fallback: Required<RouteSpec>): Required<RouteSpec> {
  const spec = typeof name === 'string' ? { path: name } : name
  return {
    path: spec.path,
    methods: spec.methods ?? fallback.methods,
    idParam: spec.idParam ?? fallback.idParam,
    also: spec.also ?? fallback.also,
  }
}

/**
 * The verbs a contract answers and where: the standard seven (a tree's `list` is its `treeList`),
 * the tree verbs for a tree, `select` and `uplist` only when named. `routes.x = false` drops x.
 */
function resolveRoutes(c: ResourceContractInput<z.ZodObject, z.ZodObject, CallPermission>) {
  const wanted = new Set<CrudVerb>(STANDARD)
  if (c.tree) {
    wanted.delete('list')
    for (const v of TREE) wanted.add(v)
  }
  for (const [verb, name] of Object.entries(c.routes ?? {}) as [CrudVerb, RouteName | false][]) {
    if (name === false) wanted.delete(verb)
    else wanted.add(verb)
  }
  const resolved: Partial<Record<CrudVerb, Required<RouteSpec>>> = {}
  for (const verb of wanted) {
    const name = c.routes?.[verb]
    resolved[verb] = name ? routeSpec(name, DEFAULT_ROUTE[verb]) : DEFAULT_ROUTE[verb]
  }
  const paths = new Map<string, CrudVerb>()
  for (const [verb, spec] of Object.entries(resolved) as [CrudVerb, Required<RouteSpec>][]) {
    for (const method of spec.methods) {
      const key = `${method} ${spec.path}`
      const other = paths.get(key)
      if (other) throw new Error(`resource ${c.path}: ${verb} and ${other} both answer ${key}`)
      paths.set(key, verb)
    }
  }
  return resolved
}

/** Declare a resource's contract (checked at once: two verbs on one route is a declaration error). */
export function defineContract<
  F extends z.ZodObject,
  R extends z.ZodObject,
  V extends CallPermission = string,
>(input: ResourceContractInput<F, R, V>): ResourceContract<F, R, V> {
  const path = input.path.replace(/^\/+|\/+$/g, '')
  const label = input.label ?? 'name'
  if (!(label in input.row.shape)) throw new Error(`resource ${path}: label ${label} is not a row field`)
  for (const [name, a] of Object.entries(input.actions ?? {})) {
    if (name in DEFAULT_ROUTE) throw new Error(`resource ${path}: action ${name} has a verb's name`)
    // the console offers a `by` transition to the person the row names: the row must carry the field
    for (const t of a.transitions)
      if (t.by && !(t.by.field in input.row.shape))
        throw new Error(`resource ${path}: action ${name}: by ${t.by.field} is not a row field`)
  }
  return {
    ...input,
    path,
    label,
    resolved: resolveRoutes({ ...input, path }),
    permissions: {
      add: `${input.code}_add`,
      edit: `${input.code}_edit`,
      delete: `${input.code}_delete`,
      view: `${input.code}_view` as V,
      ...input.permissions,
    },
    writeReply: input.writeReply ?? 'id',
  }
}

/** The button code of an action. */
export function actionPermission(c: Pick<ResourceContract, 'code'>, name: string, a: ActionContract): string {
  return a.permission ?? `${c.code}_${name}`
}

/** Every button code a resource's screen needs (seeded under its menu): the four, then its actions'. */
export function buttonCodes(c: ResourceContract<z.ZodObject, z.ZodObject, CallPermission>): string[] {
  const { add, edit, delete: remove, view } = c.permissions
  // a reading marker (`@signed-in`) is no button
  const codes = [add, edit, remove, ...(typeof view === 'string' ? [view] : view)].filter(
    (code) => !code.startsWith('@'),
  )
  for (const [name, a] of Object.entries(c.actions ?? {})) {
    codes.push(actionPermission(c, name, a))
    for (const t of a.transitions) if (t.permission) codes.push(t.permission)
  }
  if (c.excel?.export) codes.push(`${c.code}_export`)
  if (c.excel?.import) codes.push(`${c.code}_import`)
  return [...new Set(codes)]
}

/** The URL of a route relative to the API base: `path/name`, or the absolute `/x/y` as given. */
export function routeUrl(c: Pick<ResourceContract, 'path'>, route: Pick<RouteSpec, 'path'>): string {
  return route.path.startsWith('/') ? route.path.slice(1) : `${c.path}/${route.path}`
}

/** The transition an action's input selects (the first whose `when` all match). */
export function transitionFor(
  action: ActionContract,
  input: Readonly<Record<string, unknown>>,
): Transition | undefined {
  return action.transitions.find((t) =>
    Object.entries(t.when ?? {}).every(([k, v]) => String(input[k]) === String(v)),
  )
}

/**
 * A live list's stream (`<path>/live`): server-sent events on the contract's tenant topic; the
 * console reloads the list when one comes (kit `live`). Undefined when the contract is not live.
 */
export function liveCallOf(
  c: Pick<ResourceContract<z.ZodObject, z.ZodObject, CallPermission>, 'path' | 'live' | 'permissions'>,
): CallContract | undefined {
  if (!c.live) return undefined
  return defineCall({
    path: `${c.path}/live`,
    method: 'GET',
    permission: c.permissions.view,
    hidden: true,
    summary: `live changes of the list (server-sent events: ${c.live.event})`,
  })
}
