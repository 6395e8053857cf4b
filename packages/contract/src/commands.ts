/**
 * Commands to machines, declared once (issue 28, "Built with the kit"): each control's dictionary key
 * (what the API, the scenes and the command log name it) and wire name (what the machine is told),
 * the machine types that carry it out, the permission a person needs to send it, how long its ack
 * is waited for and whether it is logged (控制记录). The server's one command path takes a declared
 * set (`runDeclared`, core/devices), the console reads the same set for which buttons a type shows
 * and which permission each needs: the facts are stated here only, everything else is derived.
 */

/** The ack wait when a control declares none (spec: 10 s, then 超时 `设备未响应`). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000

export interface CommandDeclaration<K extends string = string> {
  /** the dictionary key: what the API, the scenes' steps and the command log carry */
  key: K
  /** what the machine is told (default: the key) */
  wire?: string
  /** the machine types that carry it out; any other type is refused (`该设备不支持此操作`) */
  types: readonly number[]
  /** the permission a person needs for this control, whatever the type (default: the set's, by type) */
  permission?: string
  /** how long its ack is waited for (default: the set's, else 10 s) */
  timeoutMs?: number
  /** written to the command log (default true) */
  logged?: boolean
}

export interface CommandsInput<D extends Record<string, CommandDeclaration>> {
  /** the controls by name (`open: { key: '4', wire: 'open', types: [...] }`) */
  controls: D
  /**
   * the permission a person needs: one code, or one by machine type with a default (doors need
   * `machine_control_door`, the rest `machine_control`); a control's own `permission` wins
   */
  permission: string | { byType: Readonly<Record<number, string>>; default: string }
  /** the set's ack wait (default 10 s) */
  timeoutMs?: number
}

/** A declared set's control keys, as a tuple zod's `z.enum` takes. */
type KeysOf<D extends Record<string, CommandDeclaration>> = D[keyof D]['key']

export interface CommandSet<D extends Record<string, CommandDeclaration>> {
  /** the declaration as given */
  readonly controls: D
  /** every control's key, in declaration order (`z.enum(set.keys)`) */
  readonly keys: readonly [KeysOf<D>, ...KeysOf<D>[]]
  /** a control's key by its name (`set.key.open === '4'`) */
  readonly key: { readonly [N in keyof D]: D[N]['key'] }
  /** every permission a control of the set may need (a call's permission list: any one of them) */
  readonly permissions: readonly string[]
  /** is this one of the set's keys */
  has(control: string): control is KeysOf<D>
  /** does a machine of this type carry the control out */
  supports(type: number, control: string): control is KeysOf<D>
  /** the permission a person needs to send the control to a machine of this type */
  permissionFor(type: number, control: string): string
  /** the controls a type carries out, in declaration order */
  controlsOf(type: number): readonly KeysOf<D>[]
  /** of those, the ones a person holding these codes may send (the console's buttons) */
  controlsAllowed(type: number, holds: (permission: string) => boolean): readonly KeysOf<D>[]
  /** what the machine is told for a key (an unknown key: itself) */
  wireOf(control: string): string
  /** how long the control's ack is waited for */
  timeoutOf(control: string): number
  /** is the control written to the command log */
  isLogged(control: string): boolean
}

export function defineCommands<const D extends Record<string, CommandDeclaration>>(
  input: CommandsInput<D>,
): CommandSet<D> {
  const declared = Object.values(input.controls) as CommandDeclaration<KeysOf<D>>[]
  if (declared.length === 0) throw new Error('defineCommands: no controls')
  const byKey = new Map<string, CommandDeclaration<KeysOf<D>>>()
  for (const c of declared) {
    if (byKey.has(c.key)) throw new Error(`defineCommands: key ${c.key} declared twice`)
    byKey.set(c.key, c)
  }
  const key = Object.fromEntries(Object.entries(input.controls).map(([name, c]) => [name, c.key]))
  const typePermission = (type: number) =>
    typeof input.permission === 'string'
      ? input.permission
      : (input.permission.byType[type] ?? input.permission.default)
  const permissions = new Set<string>(
    typeof input.permission === 'string'
      ? [input.permission]
      : [input.permission.default, ...Object.values(input.permission.byType)],
  )
  for (const c of declared) if (c.permission) permissions.add(c.permission)
  const supports = (type: number, control: string): control is KeysOf<D> =>
    byKey.get(control)?.types.includes(type) ?? false
  const permissionFor = (type: number, control: string) =>
    byKey.get(control)?.permission ?? typePermission(type)
  const controlsOf = (type: number) => declared.filter((c) => c.types.includes(type)).map((c) => c.key)
  return {
    controls: input.controls,
    keys: declared.map((c) => c.key) as unknown as CommandSet<D>['keys'],
    key: key as CommandSet<D>['key'],
    permissions: [...permissions],
    has: (control): control is KeysOf<D> => byKey.has(control),
    supports,
    permissionFor,
    controlsOf,
    controlsAllowed: (type, holds) => controlsOf(type).filter((c) => holds(permissionFor(type, c))),
    wireOf: (control) => byKey.get(control)?.wire ?? control,
    timeoutOf: (control) => byKey.get(control)?.timeoutMs ?? input.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    isLogged: (control) => byKey.get(control)?.logged ?? true,
  }
}
