import type { DictSeed } from '../../core/module.js'

/** The device dictionaries (machine_control_type, spec 02 §7's, is seeded with the system ones). */
export const DEVICE_DICTS: readonly DictSeed[] = [
  {
    code: 'machine_type',
    name: '设备类型',
    entries: [
      [1, '门禁'],
      [2, '摄像头'],
      [3, '人脸终端'],
      [4, '会议屏'],
      [5, '灯光'],
      [6, '空调'],
      [7, '传感器'],
      [8, '考勤机'],
      [9, '道闸'],
    ],
  },
  {
    code: 'machine_online',
    name: '设备在线状态',
    entries: [
      [1, '在线'],
      [0, '离线'],
    ],
  },
  {
    code: 'machine_command_result',
    name: '控制结果',
    entries: [
      [1, '成功'],
      [2, '失败'],
      [3, '超时'],
    ],
  },
  {
    code: 'machine_command_source',
    name: '控制来源',
    entries: [
      ['WEB', '网页'],
      ['SCENE', '场景'],
      ['LINKAGE', '联动'],
      ['GRANT', '授权下发'],
      ['PARKING', '停车场'],
    ],
  },
  {
    code: 'machine_grant_status',
    name: '授权状态',
    entries: [
      [0, '待下发'],
      [1, '已下发'],
      [2, '下发失败'],
    ],
  },
]

/** A machine type's name (the `machine_type` dictionary's labels), for figures that count by type. */
export const MACHINE_TYPE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  DEVICE_DICTS.find((d) => d.code === 'machine_type')?.entries ?? [],
)
