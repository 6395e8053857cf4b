import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq } from 'drizzle-orm'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { assetPlace } from '../asset/index.js'
import { storageWarehouse } from '../storage/index.js'
import { machineFaultType, machineGrant, parkMachine, reportRule } from './schema.js'

/**
 * The demo park's machines: doors, cameras on each kind of media server (played by the media
 * simulator: no service URL), face terminals (the lobby's, and 一号会议室's for signing in),
 * meeting-room screens and lights, sensors, a barrier; two report rules, fault types, a few grants.
 * With XPARK_DEVICE_SIMULATOR=on they come online.
 */
const M = MACHINE_TYPE
/** [code, name, type, place ('room' | 'warehouse' | ''), location, server type] */
const MACHINES: readonly (readonly [string, string, number, string, string, string])[] = [
  ['DOOR-A1', 'A 栋大门门禁', M.door, '', 'A 栋一层', ''],
  ['DOOR-R1', '一号机房门禁', M.door, 'room', '一号机房入口', ''],
  ['FACE-A1', 'A 栋人脸终端', M.face, '', 'A 栋大堂', ''],
  ['FACE-M1', '一号会议室签到机', M.face, '', '一号会议室门口', ''],
  ['CAM-GATE', '园区大门摄像头', M.camera, '', '园区南门', 'HikPlatformServer-HLS'],
  ['CAM-PARK', '停车场摄像头', M.camera, '', '地下停车场', 'GB28181Server-Wvp'],
  ['CAM-ROOM', '机房摄像头', M.camera, 'room', '一号机房', 'RtmpServer-Nginx'],
  ['CAM-WH', '仓库摄像头', M.camera, 'warehouse', '主仓库', 'HikPlatformServer-HLS'],
  ['SCREEN-M1', '一号会议室门牌屏', M.display, '', '一号会议室门口', ''],
  ['LIGHT-M1', '一号会议室灯光', M.light, '', '一号会议室', ''],
  ['AC-M1', '一号会议室空调', M.aircon, '', '一号会议室', ''],
  ['SENSOR-R1', '机房温湿度传感器', M.sensor, 'room', '一号机房', ''],
  ['CLOCK-A1', 'A 栋考勤机', M.clock, '', 'A 栋一层', ''],
  ['GATE-P1', '停车场道闸', M.barrier, '', '停车场入口', ''],
]

const FAULTS = [
  ['门锁无法打开', M.door],
  ['画面无信号', M.camera],
  ['人脸识别失败', M.face],
  ['屏幕黑屏', M.display],
  ['读数异常', M.sensor],
  ['网络中断', null],
] as const

export async function seedDeviceDemo({ tx, tenantId, users }: DemoContext): Promise<void> {
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: [] as string[] }
  const insert = async <T extends Record<string, unknown>>(
    table: Parameters<typeof stamped>[0],
    values: T,
  ) => {
    const row = stamped(table, auth, values)
    await tx.insert(table as typeof parkMachine).values(row as never)
    return String(row.id)
  }
  const [room] = await tx
    .select({ id: assetPlace.id })
    .from(assetPlace)
    .where(and(eq(assetPlace.tenantId, tenantId), eq(assetPlace.kind, 1)))
    .limit(1)
  const [warehouse] = await tx
    .select({ id: storageWarehouse.id })
    .from(storageWarehouse)
    .where(eq(storageWarehouse.tenantId, tenantId))
    .limit(1)
  const fast = await insert(reportRule, {
    name: '安防设备 (10 秒)',
    intervalSeconds: 10,
    items: '',
    remark: '门禁与摄像头',
  })
  const slow = await insert(reportRule, {
    name: '环境设备 (60 秒)',
    intervalSeconds: 60,
    items: 'temperature,humidity',
    remark: '传感器与灯光',
  })
  const ids = new Map<string, string>()
  for (const [code, name, type, place, location, serverType] of MACHINES) {
    const security = type === M.door || type === M.camera || type === M.face || type === M.barrier
    ids.set(
      code,
      await insert(parkMachine, {
        code,
        name,
        type,
        roomId: place === 'room' ? (room?.id ?? null) : null,
        warehouseId: place === 'warehouse' ? (warehouse?.id ?? null) : null,
        location,
        serverType,
        agreeContext: type === M.camera ? `channel=1;stream=${code.toLowerCase()}` : '',
        clockCard: type === M.clock ? 1 : 0,
        reportRuleId: security ? fast : slow,
      }),
    )
  }
  for (const [name, machineType] of FAULTS) await insert(machineFaultType, { name, machineType })
  const staff = users.get('staff')
  for (const door of ['DOOR-A1', 'FACE-A1', 'FACE-M1'])
    for (const userId of [users.get('admin'), staff].filter((u): u is string => !!u))
      await insert(machineGrant, {
        machineId: ids.get(door)!,
        userId,
        grantStatus: 0,
        nextAttemptAt: new Date(),
      })
}
