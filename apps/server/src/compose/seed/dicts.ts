import { DICT_ROOT_KEY, DICT_ROOT_PARENT } from '@xpark/contract/schemas'
import { nextId } from '../../core/ids.js'
import type { DictSeed } from '../../core/module.js'
import type { Tx } from '../../db/client.js'
import { dict, dictBiz } from '../../modules/dict/schema.js'
import { MODULES } from '../../modules/index.js'

/**
 * Dictionary seed: every lookup of spec 01 §3 and spec 02 §3, the codes the business screens read
 * (recharge_type, machine_control_type, settlement_mode, procured_type) and BladeX's own codes.
 * Where the spec gives only keys, the labels are ours (listed in the report).
 */

export type { DictSeed }

const seq = (labels: readonly string[], from = 0) => labels.map((label, i) => [from + i, label] as const)

/** The parking lookups (spec 01 §3 = spec 02 §3): system entries, and the business set parks may relabel. */
const PARKING: readonly DictSeed[] = [
  { code: 'plate_color', name: '车牌颜色', entries: seq(['其他', '蓝色', '黄色', '黑色', '白色']) },
  {
    code: 'vehicle_color',
    name: '车身颜色',
    // the 0-12 colour classes of common plate-recognition cameras
    entries: seq([
      '其他',
      '白色',
      '银色',
      '灰色',
      '黑色',
      '红色',
      '深蓝色',
      '蓝色',
      '黄色',
      '绿色',
      '棕色',
      '粉色',
      '紫色',
    ]),
  },
  { code: 'vehicle_type', name: '车辆类型', entries: seq(['其他', '小型车', '大型车']) },
  { code: 'card_type', name: '卡类型', entries: seq(['固定卡', '临时卡', '储值卡']) },
  { code: 'parking_type', name: '停车类型', entries: seq(['固定车', '授权车']) },
  {
    code: 'special_pass',
    name: '特殊放行',
    entries: [
      [1, '仅软件异常放行'],
      [2, '仅远程放行'],
    ],
  },
  // the two direction lookups of the spec: 0/1 on pass records, 1/2 on lanes and gates
  { code: 'pass_direction', name: '通行方向', entries: seq(['入场', '出场']) },
  { code: 'gate_direction', name: '出入口方向', entries: seq(['入口', '出口'], 1) },
  { code: 'release_mode', name: '放行方式', entries: seq(['入口放行', '出口免费放行', '出口收费放行'], 1) },
  {
    code: 'auto_release',
    name: '自动放行',
    entries: [
      [1, '固定车'],
      [3, '临时车'],
      [5, '无牌车'],
    ],
  },
  {
    code: 'pass_type',
    name: '通行类型',
    entries: seq([
      '车牌识别',
      '刷卡',
      '取卡',
      '收卡',
      '手动放行',
      '异常放行',
      '禁止通行',
      '平台放行',
      '远程放行',
    ]),
  },
]

const PARK: readonly DictSeed[] = [
  { code: 'sex', name: '性别', entries: seq(['男', '女']) },
  { code: 'notice_type', name: '公告类型', entries: seq(['业主', '员工', '社区'], 1000) },
  {
    code: 'complaint_type',
    name: '投诉建议类型',
    entries: [
      [809001, '投诉'],
      [809002, '建议'],
    ],
  },
  {
    code: 'recharge_type',
    name: '充值类型',
    entries: seq(['现金充值', '微信充值', '支付宝充值', '银行卡充值', '补贴充值'], 1),
  },
  {
    code: 'machine_control_type',
    name: '设备控制类型',
    entries: seq(['开机', '关机', '重启', '开门', '关门', '常开', '常闭'], 1),
  },
  { code: 'settlement_mode', name: '结算方式', entries: seq(['现结', '周结', '月结', '季结', '预付款'], 1) },
  {
    code: 'procured_type',
    name: '采购类型',
    entries: seq(['集中采购', '自行采购', '定点采购', '临时采购'], 1),
  },
]

/** BladeX's own codes (its seed: menus, scopes, organisation, notices, resources, flows). */
const BLADEX: readonly DictSeed[] = [
  { code: 'menu_category', name: '菜单类型', entries: seq(['菜单', '按钮'], 1) },
  { code: 'button_func', name: '按钮功能', entries: seq(['工具栏', '操作栏', '工具操作栏'], 1) },
  // BladeX's odd yes_no: 1 is 否, 2 is 是 (menu is_open)
  { code: 'yes_no', name: '是否', entries: seq(['否', '是'], 1) },
  {
    code: 'data_scope_type',
    name: '数据权限',
    entries: seq(['全部可见', '本人可见', '所在机构可见', '所在机构及子级可见', '自定义'], 1),
  },
  { code: 'api_scope_type', name: '接口权限', entries: seq(['系统接口', '业务接口'], 1) },
  { code: 'scope_category', name: '权限类型', entries: seq(['数据权限', '接口权限'], 1) },
  // 社区: a community of the property services (modules/property): a department its data scope covers
  { code: 'org_category', name: '机构类型', entries: seq(['公司', '部门', '小组', '社区'], 1) },
  { code: 'post_category', name: '岗位类型', entries: seq(['高层', '中层', '基层', '其他'], 1) },
  {
    code: 'notice',
    name: '通知类型',
    entries: seq(['发布通知', '批转通知', '转发通知', '指示通知', '任命通知', '会议通知'], 1),
  },
  // BladeX's four providers, and the kinds xpark adds (local disk; the log-only SMS sender)
  { code: 'oss', name: '对象存储', entries: seq(['minio', 'qiniu', 'ali', 'tencent', 'local'], 1) },
  { code: 'sms', name: '短信服务', entries: seq(['yunpian', 'qiniu', 'ali', 'tencent', 'log'], 1) },
  // routeKey flow_<key> → routeValue (the remark): the process screen of that flow category
  { code: 'flow', name: '流程类型', entries: [[1, '请假流程', 'leave']] },
]

export const SYSTEM_DICT_SEED: readonly DictSeed[] = [...PARKING, ...PARK, ...BLADEX]

/** Business dictionaries of a park: the parking lookups and complaint types, which parks relabel. */
export const BIZ_DICT_SEED: readonly DictSeed[] = [...PARKING, PARK.find((d) => d.code === 'complaint_type')!]

export function dictRows(seeds: readonly DictSeed[], sealedRoots: boolean) {
  return seeds.flatMap((d, i) => {
    const rootId = nextId()
    return [
      {
        id: rootId,
        parentId: DICT_ROOT_PARENT,
        code: d.code,
        dictKey: DICT_ROOT_KEY,
        dictValue: d.name,
        sort: i + 1,
        isSealed: sealedRoots ? 1 : 0,
      },
      ...d.entries.map(([key, value, remark], j) => ({
        id: nextId(),
        parentId: rootId,
        code: d.code,
        dictKey: String(key),
        dictValue: value,
        sort: j + 1,
        remark: remark ?? '',
        isSealed: 0,
      })),
    ]
  })
}

/** The system dictionaries the modules bring (their states and lookups). */
export function moduleDicts(): DictSeed[] {
  return MODULES.flatMap((m) => m.dicts ?? [])
}

/** The business dictionaries the modules bring (their relabelled lookups). */
export function moduleBizDicts(): DictSeed[] {
  return MODULES.flatMap((m) => m.bizDicts ?? [])
}

/**
 * System dictionaries, and the business dictionaries of these tenants. A business root is sealed:
 * the codes are read by the screens, so only an administrator may rename or remove one; its
 * entries stay editable by holders of the dictbiz_* buttons.
 */
export async function seedDicts(tx: Tx, bizTenants: readonly string[]): Promise<void> {
  await tx.insert(dict).values(dictRows([...SYSTEM_DICT_SEED, ...moduleDicts()], false))
  for (const tenantId of bizTenants)
    await tx
      .insert(dictBiz)
      .values(dictRows([...BIZ_DICT_SEED, ...moduleBizDicts()], true).map((r) => ({ ...r, tenantId })))
}
