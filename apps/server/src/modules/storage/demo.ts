import { BILL_STATUS, BILL_TYPE, INVENTORY_STATUS } from '@xpark/contract/modules/storage'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { amountOf, movementsOfBill, scaled, unscaled } from './bills.js'
import { applyMovements } from './ledger.js'
import {
  storageBill,
  storageBillLine,
  storageClassification,
  storageGoods,
  storageInventory,
  storageMeasurement,
  storageSupplier,
  storageSupplierSort,
  storageWarehouse,
} from './schema.js'

/**
 * The demo park's stores: three warehouses, a classification tree, suppliers, a hundred goods, and
 * bills in every state (the checked ones moved stock through the ledger, as a keeper's would have).
 */

const WAREHOUSES = [
  ['WH01', '综合仓库', 'A 栋地下一层', '王强'],
  ['WH02', '食堂仓库', '食堂一楼', '李芳'],
  ['WH03', '设备备件库', 'C 栋二层', '赵磊'],
] as const

/** [code, name, unit, price range in cents, shelf life days, goods names] */
const CLASSES = [
  [
    'OFFICE',
    '办公用品',
    '个',
    300,
    0,
    ['中性笔', '笔记本', '文件夹', '订书机', '便利贴', 'A4 纸', '胶带', '计算器', '剪刀', '回形针'],
  ],
  [
    'CLEAN',
    '清洁用品',
    '瓶',
    800,
    730,
    ['洗手液', '消毒液', '垃圾袋', '拖把', '抹布', '洗洁精', '玻璃水', '扫帚', '清洁球', '手套'],
  ],
  [
    'FOOD',
    '食品原料',
    '千克',
    1200,
    180,
    ['大米', '面粉', '食用油', '白糖', '食盐', '酱油', '醋', '鸡蛋', '挂面', '黄豆'],
  ],
  [
    'ELEC',
    '电工器材',
    '个',
    2500,
    0,
    ['LED 灯管', '开关', '插座', '电线', '断路器', '接线端子', '扎带', '绝缘胶布', '灯座', '镇流器'],
  ],
  [
    'SPARE',
    '设备备件',
    '件',
    9000,
    0,
    [
      '水泵密封件',
      '空调滤网',
      '电梯按钮',
      '门禁读卡器',
      '监控电源',
      '风机皮带',
      '阀门',
      '压力表',
      '温控器',
      '继电器',
    ],
  ],
] as const

const SORTS = [
  ['S-MFR', '生产厂家'],
  ['S-DIST', '经销商'],
] as const

const SUPPLIERS = [
  ['SUP01', '晨光文具经销部', 'S-DIST', '2', '2'],
  ['SUP02', '洁净日化有限公司', 'S-MFR', '2', '1'],
  ['SUP03', '中粮粮油供应站', 'S-DIST', '1', '1'],
  ['SUP04', '正泰电气经销部', 'S-DIST', '2', '3'],
] as const

export async function seedStorageDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: depts.slice(0, 1) }
  const insert = async (table: Parameters<typeof tx.insert>[0], values: Record<string, unknown>) => {
    const row = stamped(table, auth, values)
    await tx.insert(table).values(row as never)
    return String(row.id)
  }
  const warehouseIds: string[] = []
  for (const [i, [code, name, address, keeper]] of WAREHOUSES.entries())
    warehouseIds.push(await insert(storageWarehouse, { code, name, address, keeper, sort: i + 1 }))

  const sortIds = new Map<string, string>()
  for (const [code, name] of SORTS) sortIds.set(code, await insert(storageSupplierSort, { code, name }))
  const supplierIds: string[] = []
  for (const [code, name, sort, settlementMode, procuredType] of SUPPLIERS)
    supplierIds.push(
      await insert(storageSupplier, {
        code,
        name,
        sortId: sortIds.get(sort)!,
        settlementMode,
        procuredType,
        contact: '张经理',
        phone: '13900000000',
      }),
    )

  const root = await insert(storageClassification, { code: 'ALL', name: '全部物品' })
  const goods: { id: string; price: number; shelf: number; klass: number }[] = []
  for (const [k, [code, name, unit, base, shelf, names]] of CLASSES.entries()) {
    const classId = await insert(storageClassification, { parentId: root, code, name, sort: k + 1 })
    for (const [n, item] of names.entries())
      for (const grade of [1, 2]) {
        const price = base + n * 50 + grade * 20
        const id = await insert(storageGoods, {
          classificationId: classId,
          code: `${code}-${String(n * 2 + grade).padStart(3, '0')}`,
          name: grade === 1 ? item : `${item}(大)`,
          unit,
          specification: grade === 1 ? '标准' : '大号',
          price,
          supplierId: supplierIds[k % supplierIds.length]!,
          minStock: n % 4 === 0 ? '20' : '0',
          shelfLifeDays: shelf,
        })
        goods.push({ id, price, shelf, klass: k })
      }
  }
  // office and cleaning goods also come by the box (24 and 12 of their unit): some lines say so
  const boxes = new Map<string, { id: string; ratio: number }>()
  for (const item of goods.filter((g) => g.klass <= 1)) {
    const ratio = item.klass === 0 ? 24 : 12
    const id = await insert(storageMeasurement, {
      code: 'BOX',
      name: '箱',
      goodsId: item.id,
      ratio: String(ratio),
    })
    boxes.set(item.id, { id, ratio })
  }

  // bills over the last four weeks: in bills stock the stores, out and move bills use part of it
  const day = 24 * 3600 * 1000
  let seq = 0
  // an in bill names its batch by its day; out and move bills take from the batch that came in
  const batches = new Map<string, string>()
  const batchOf = (billType: number, goodsId: string, when: Date) => {
    if (billType !== BILL_TYPE.in) return batches.get(goodsId) ?? ''
    const batch = `B${when.toISOString().slice(0, 10).replaceAll('-', '')}`
    if (!batches.has(goodsId)) batches.set(goodsId, batch)
    return batch
  }
  const bill = async (
    billType: number,
    status: number,
    warehouse: number,
    picks: number[],
    daysAgo: number,
    target?: number,
  ) => {
    const when = new Date(Date.now() - daysAgo * day)
    const id = nextId()
    const prefix = billType === BILL_TYPE.in ? 'RK' : billType === BILL_TYPE.out ? 'CK' : 'YK'
    const billNo = `${prefix}DEMO${String(++seq).padStart(4, '0')}`
    const lines = picks.map((g, i) => {
      const item = goods[g % goods.length]!
      const box = billType === BILL_TYPE.in && i % 4 === 0 ? boxes.get(item.id) : undefined
      const entered = box
        ? String(2 + (g % 3))
        : billType === BILL_TYPE.in
          ? `${40 + ((g * 7) % 60)}.${i % 2 ? '5' : '0'}`
          : `${3 + (g % 5)}`
      const quantity = box ? String(Number(entered) * box.ratio) : entered
      const expiry =
        item.shelf && billType === BILL_TYPE.in
          ? new Date(when.getTime() + (g % 3 === 0 ? 20 : item.shelf) * day)
          : null
      return {
        goodsId: item.id,
        quantity,
        unitId: box?.id ?? null,
        unitQuantity: entered,
        price: item.price,
        amount: amountOf(item.price, quantity),
        batchCode: batchOf(billType, item.id, when),
        productionDate: expiry ? when : null,
        expiryDate: expiry,
      }
    })
    const header = {
      id,
      billNo,
      billType,
      status,
      warehouseId: warehouseIds[warehouse]!,
      targetWarehouseId: target === undefined ? null : warehouseIds[target]!,
      supplierId: billType === BILL_TYPE.in ? supplierIds[warehouse % supplierIds.length]! : null,
      billDate: when,
      handler: WAREHOUSES[warehouse]![3],
      totalQuantity: unscaled(lines.reduce((s, l) => s + scaled(l.quantity), 0n)),
      totalAmount: lines.reduce((s, l) => s + l.amount, 0),
      lineCount: lines.length,
      checkUser: status >= BILL_STATUS.checked ? auth.userId : null,
      checkTime: status >= BILL_STATUS.checked ? when : null,
      createTime: when,
    }
    await tx.insert(storageBill).values({ ...stamped(storageBill, auth, header), createTime: when } as never)
    await tx
      .insert(storageBillLine)
      .values(lines.map((l) => stamped(storageBillLine, auth, { ...l, billId: id })) as never)
    if (status >= BILL_STATUS.checked)
      await applyMovements(tx, auth, { id, no: billNo }, movementsOfBill(header, lines))
    if (status === BILL_STATUS.returned)
      await applyMovements(
        tx,
        auth,
        { id, no: billNo },
        movementsOfBill(header, lines).map((m) => ({
          ...m,
          kind: 5,
          quantity: m.quantity.startsWith('-') ? m.quantity.slice(1) : `-${m.quantity}`,
        })),
      )
  }
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)
  // each class into its warehouse: food to the canteen, spares to the spare parts store
  const storeOf = (k: number) => (k === 2 ? 1 : k === 4 ? 2 : 0)
  for (let k = 0; k < CLASSES.length; k++)
    await bill(BILL_TYPE.in, BILL_STATUS.checked, storeOf(k), range(k * 20, 20), 27 - k)
  await bill(BILL_TYPE.out, BILL_STATUS.checked, 0, range(0, 6), 14)
  await bill(BILL_TYPE.out, BILL_STATUS.checked, 1, range(40, 8), 10)
  await bill(BILL_TYPE.move, BILL_STATUS.checked, 0, range(20, 4), 7, 1)
  await bill(BILL_TYPE.out, BILL_STATUS.returned, 0, range(6, 3), 5)
  await bill(BILL_TYPE.in, BILL_STATUS.submitted, 2, range(80, 5), 2)
  await bill(BILL_TYPE.out, BILL_STATUS.submitted, 1, range(44, 3), 1)
  await bill(BILL_TYPE.in, BILL_STATUS.draft, 0, range(10, 4), 0)
  await bill(BILL_TYPE.move, BILL_STATUS.draft, 2, range(82, 2), 0, 0)

  await insert(storageInventory, {
    planNo: 'PD202600001',
    name: '综合仓库月度盘点',
    warehouseId: warehouseIds[0]!,
    planDate: new Date(),
    counter: '王强',
    status: INVENTORY_STATUS.draft,
  })
}
