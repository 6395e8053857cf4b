import { ASSET_STATUS, PLACE_KIND } from '@xpark/contract/modules/asset'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { asset, assetPlace, assetProperty, assetType, assetUser } from './schema.js'

/** The demo park's assets: a type tree, computer rooms and a canteen, a rack with servers, office equipment. */
export async function seedAssetDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: depts.slice(0, 1) }
  const insert = async (table: Parameters<typeof tx.insert>[0], values: Record<string, unknown>) => {
    const row = stamped(table, auth, values)
    await tx.insert(table).values(row as never)
    return String(row.id)
  }
  const it = await insert(assetType, { code: 'IT', name: '信息设备', lifeMonths: 60 })
  const server = await insert(assetType, {
    parentId: it,
    code: 'SERVER',
    name: '服务器',
    lifeMonths: 60,
    sort: 1,
  })
  const pc = await insert(assetType, { parentId: it, code: 'PC', name: '办公电脑', lifeMonths: 36, sort: 2 })
  const kitchen = await insert(assetType, { code: 'KITCHEN', name: '厨房设备', lifeMonths: 96 })
  await insert(assetProperty, { typeId: server, code: 'CPU', name: 'CPU 核数', unit: '核' })
  await insert(assetProperty, { typeId: server, code: 'MEM', name: '内存', unit: 'GB' })
  await insert(assetProperty, { typeId: pc, code: 'SCREEN', name: '屏幕尺寸', unit: '英寸' })
  const room = await insert(assetPlace, {
    kind: PLACE_KIND.computerRoom,
    code: 'ROOM-A',
    name: 'A 栋机房',
    address: 'A 栋 3 层',
    manager: '赵磊',
  })
  await insert(assetPlace, {
    kind: PLACE_KIND.computerRoom,
    code: 'ROOM-B',
    name: 'B 栋弱电间',
    address: 'B 栋 1 层',
    manager: '赵磊',
  })
  const canteen = await insert(assetPlace, {
    kind: PLACE_KIND.canteen,
    code: 'CANTEEN-1',
    name: '第一食堂',
    address: '食堂一楼',
    manager: '李芳',
  })
  const monthsAgo = (n: number) => new Date(Date.now() - n * 30.5 * 24 * 3600 * 1000)
  const rack = await insert(asset, {
    typeId: it,
    code: 'RACK-01',
    name: '1 号机柜',
    purchasePrice: 1_200_000,
    purchaseDate: monthsAgo(30),
    lifeMonths: 120,
    placeId: room,
  })
  for (let i = 1; i <= 4; i++)
    await insert(asset, {
      typeId: server,
      code: `SRV-0${i}`,
      name: `应用服务器 ${i}`,
      parentId: rack,
      specification: '2U 双路',
      purchasePrice: 4_500_000,
      residualValue: 225_000,
      purchaseDate: monthsAgo(6 * i),
      lifeMonths: 60,
      placeId: room,
    })
  for (let i = 1; i <= 6; i++) {
    const id = await insert(asset, {
      typeId: pc,
      code: `PC-${String(i).padStart(3, '0')}`,
      name: `办公电脑 ${i}`,
      specification: 'i5 / 16G',
      purchasePrice: 560_000,
      purchaseDate: monthsAgo(4 * i),
      lifeMonths: 36,
      location: '综合楼 2 层',
      status: i === 6 ? ASSET_STATUS.inStock : ASSET_STATUS.inUse,
    })
    if (i < 6)
      await insert(assetUser, {
        assetId: id,
        userName: ['张伟', '李娜', '王强', '刘洋', '陈静'][i - 1]!,
        deptName: '综合办',
      })
  }
  await insert(asset, {
    typeId: kitchen,
    code: 'KIT-01',
    name: '商用蒸饭柜',
    purchasePrice: 1_800_000,
    purchaseDate: monthsAgo(20),
    lifeMonths: 96,
    placeId: canteen,
  })
}
