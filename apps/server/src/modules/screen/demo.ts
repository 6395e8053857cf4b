import { SCREEN_STATUS } from '@xpark/contract/modules/screen'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { BUILTIN_LAYOUTS } from './layouts.js'
import { screen } from './schema.js'

/** The demo park's two built-in walls, published as they start. */
export async function seedScreenDemo({ tx, tenantId, users }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? null
  const now = new Date()
  await tx.insert(screen).values(
    Object.entries(BUILTIN_LAYOUTS).map(([builtin, { name, layout }]) => ({
      id: nextId(),
      tenantId,
      createUser: admin,
      updateUser: admin,
      name,
      remark: '内置大屏',
      builtin,
      layout: JSON.stringify(layout),
      published: JSON.stringify(layout),
      publishTime: now,
      status: SCREEN_STATUS.published,
    })),
  )
}
