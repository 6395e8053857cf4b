import { z } from 'zod'
import { ADMINISTRATOR } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { integerInput } from '../values.js'
import { idString } from './common.js'

/** The menu management screens (blade-system/menu, blade-system/menuApp): one form over either tree. */

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`)
const optionalText = (field: string, max: number) =>
  z.string({ error: `${field}: must be text` }).max(max, `${field}: at most ${max} characters`)

/** null (Saber sends empty fields as null) reads as "not sent". */
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema.optional())
const smallEnum = (field: string, values: readonly number[]) =>
  integerInput(
    `${field} must be one of ${values.join(', ')}`,
    Math.min(...values),
    Math.max(...values),
  ).refine((v) => values.includes(v), `${field} must be one of ${values.join(', ')}`)
const flag = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
    z.boolean({ error: `${field} must be true or false` }),
  )

/** `administrator,admin`: the role aliases that see a menu (empty: every role granted it). */
const ROLES_MESSAGE = 'roles: comma-separated role aliases'
const roles = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v),
  z
    .string({ error: ROLES_MESSAGE })
    .max(255, 'roles: at most 255 characters')
    .regex(/^([\w-]+(,[\w-]+)*)?$/, ROLES_MESSAGE),
)

/** The menu form. category 1 menu / 2 button; action 0 none, 1 toolbar, 2 row, 3 both; isOpen 1 no / 2 yes. */
export const MenuSchema = z.object({
  parentId: nullable(z.union([idString, z.literal('0')], { error: 'parentId: must be an id or 0' })),
  code: requiredText('please enter menu code', 255),
  name: requiredText('please enter menu name', 255),
  alias: nullable(requiredText('please enter menu alias', 255)),
  path: nullable(optionalText('path', 255)),
  source: nullable(optionalText('source', 255)),
  sort: nullable(integerInput('sort must be a number', 0, 1_000_000)),
  category: smallEnum('category', [1, 2]),
  action: nullable(smallEnum('action', [0, 1, 2, 3])),
  isOpen: nullable(smallEnum('isOpen', [1, 2])),
  remark: nullable(optionalText('remark', 255)),
  hidden: nullable(flag('hidden')),
  roles: nullable(roles),
  keepAlive: nullable(flag('keepAlive')),
})
export type MenuForm = z.infer<typeof MenuSchema>

/** A menu as the detail answers it. */
export const MenuRow = z.object({
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  name: wire.text,
  alias: wire.text,
  path: wire.text,
  source: wire.text,
  sort: wire.number,
  category: wire.number,
  action: wire.number,
  isOpen: wire.number,
  remark: wire.text,
  hidden: z.boolean(),
  roles: wire.text,
  keepAlive: z.boolean(),
})
export type MenuRow = z.infer<typeof MenuRow>

/**
 * The management resource of a menu tree (codes `<code>_add/_edit/_delete`; the module answers
 * `list` and `page` as the tree). Menus are platform data: reads too are the platform
 * administrator's (`view: ADMINISTRATOR`). The writes answer BladeX's `R.status(true)`.
 */
const menuTreeContract = (path: string, code: string) =>
  defineContract({
    path,
    code,
    form: MenuSchema,
    row: MenuRow,
    filters: { name: 'like', code: 'like', category: 'eq', parentId: 'eq' },
    sorts: ['sort', 'name', 'code'],
    permissions: { view: ADMINISTRATOR },
    writeReply: 'status',
  })

/** blade-system/menu: the console's menus. */
export const menuContract = menuTreeContract('blade-system/menu', 'menu')
/** blade-system/menuApp: the mobile app's menus. */
export const menuAppContract = menuTreeContract('blade-system/menuApp', 'menuapp')
