import { z } from 'zod'
import {
  cents,
  choice,
  dateTime,
  optionalChoice,
  optionalReference,
  optionalText,
  reference,
  requiredText,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'

/**
 * The parking resources (issue 30): car parks with their gates as lines, vehicle cards, the vehicles
 * inside and the pass records. The spec names its calls in prose (`/park-car/parkings`,
 * `/park-car/currentVehicle`, `/park-car/passRecord`, `/park-car/cards`): each answers at that path
 * (its page by GET, its submit by POST where it has one) beside the kit's own verbs.
 */

const BASE = 'park-car'

/** Pass type (dict `pass_type`, spec 02 §3). */
export const PASS_TYPE = {
  plate: 0,
  card: 1,
  takeCard: 2,
  collectCard: 3,
  manual: 4,
  exception: 5,
  forbidden: 6,
  platform: 7,
  remote: 8,
} as const
/** Direction of a pass (dict `pass_direction`): 0 entry, 1 exit. */
export const PASS_DIRECTION = { entry: 0, exit: 1 } as const
/** Direction of a gate (dict `gate_direction`): 1 entry, 2 exit. */
export const GATE_DIRECTION = { entry: 1, exit: 2 } as const
/** How a pass was let through (dict `release_mode`); none: held. */
export const RELEASE_MODE = { entrance: 1, exitFree: 2, exitCharged: 3 } as const
/** Who a car park lets through by itself (dict `auto_release`). */
export const AUTO_RELEASE = { fixed: 1, temporary: 3, plateless: 5 } as const
/** Card type (dict `card_type`). */
export const CARD_TYPE = { fixed: 0, temporary: 1, storedValue: 2 } as const
/** A card's state (dict `parking_card_status`): 1 有效, 0 已作废. */
export const CARD_STATUS = { active: 1, cancelled: 0 } as const
/** A card's sync with the parking system (dict `parking_sync_state`). */
export const SYNC_STATE = { pending: 0, synced: 1, failed: 2, localOnly: 3 } as const

/** What a plate-recognition camera reports for a car without a plate. */
export const PLATELESS = '无牌车'

export const PARKING_TEXTS = {
  insufficient: '卡内余额不足',
  alreadyInside: '车辆已在场',
  noEntry: '无入场记录',
  notAuto: '非自动放行, 请人工确认',
  expired: '固定卡已过期',
  notGate: '该设备不是车场道闸',
  gateTaken: '道闸已属于其他车场: {name}',
  gateTwice: '道闸在车场中重复',
  notBarrier: '所选设备不是道闸',
  plateTaken: '该车场已有此车牌的车辆卡: {plate}',
  needFinanceCard: '储值卡须选择财务储值卡',
  needValidity: '固定卡须填写有效期',
  validityOrder: '参数校验失败: validTo: 结束时间须晚于开始时间',
  cancelled: '车辆卡已作废',
  notInside: '车辆不在场',
  activeCard: '请先作废车辆卡再删除: {label}',
} as const

export const PARKING_REMOTE_OPEN = 'parking_remote_open'
export const PARKING_CARD_SYNC = 'parking_card_sync'

/** A plate as cameras and people write it: Chinese province, letters and digits (stored upper case). */
export const PLATE = /^[\u4e00-\u9fa5A-Za-z0-9]{2,10}$/
export const plate = (message = 'plate: 2-10 letters, digits or a province') =>
  z.string({ error: message }).regex(PLATE, message)

const AUTO_RELEASE_LIST = /^$|^[135](,[135]){0,2}$/

// —— car parks ——

export const parkingGateLine = z.object({
  machineId: reference('please select a gate machine'),
  /** 1 entry, 2 exit (dict `gate_direction`) */
  direction: choice('direction: 1 entry or 2 exit', 1, 2),
  name: optionalText('name', 64),
})
export const parkingGateRow = z.object({
  id: wire.id,
  lotId: wire.id,
  machineId: wire.id,
  machineName: wire.optionalText,
  machineCode: wire.optionalText,
  direction: wire.number,
  name: wire.text,
})
export type ParkingGateRow = z.infer<typeof parkingGateRow>

export const parkingLotContract = defineContract({
  path: `${BASE}/parking`,
  code: 'parking_lot',
  form: z.object({
    name: requiredText('please input car park name', 64),
    spaces: wholeNumber('spaces', 0, 100_000),
    /** a stay this short is free */
    freeMinutes: wholeNumber('freeMinutes', 0, 1440),
    /** cents per started hour */
    feePerHour: cents('feePerHour', 1_000_000),
    /** cents at most per 24 hours (0: no cap) */
    dayCap: cents('dayCap', 10_000_000),
    /** comma list of dict `auto_release` keys (1 fixed, 3 temporary, 5 plateless) */
    autoRelease: z
      .string({ error: 'autoRelease: 1, 3, 5, comma-separated' })
      .regex(AUTO_RELEASE_LIST, 'autoRelease: 1, 3, 5, comma-separated'),
    address: optionalText('address', 128),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    spaces: wire.number,
    /** vehicles inside now */
    inside: wire.number,
    freeSpaces: wire.number,
    freeMinutes: wire.number,
    feePerHour: wire.number,
    dayCap: wire.number,
    autoRelease: wire.text,
    gateCount: wire.number,
    address: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like' },
  sorts: ['name', 'createTime'],
  routes: {
    page: { path: 'page', also: ['/park-car/parkings'] },
    submit: { path: 'submit', also: ['/park-car/parkings'] },
    save: false,
    update: false,
    select: 'select',
  },
  lines: { field: 'gates', key: 'lotId', form: parkingGateLine, row: parkingGateRow, max: 50 },
})
export type ParkingLotRow = z.infer<typeof parkingLotContract.row>

// —— vehicle cards ——

export const parkingCardContract = defineContract({
  path: `${BASE}/cards`,
  code: 'parking_card',
  label: 'plate',
  form: z.object({
    lotId: reference('please select a car park'),
    plate: plate(),
    plateColor: choice('plateColor: 0-4', 0, 4),
    vehicleType: optionalChoice('vehicleType: 0-2', 0, 2),
    vehicleColor: optionalChoice('vehicleColor: 0-12', 0, 12),
    /** 0 fixed (with validity), 1 temporary, 2 stored value (a finance card pays) */
    cardType: choice('cardType: 0-2', 0, 2),
    /** 0 fixed, 1 authorised */
    parkingType: choice('parkingType: 0 or 1', 0, 1),
    validFrom: dateTime('validFrom'),
    validTo: dateTime('validTo'),
    financeCardId: optionalReference('please select a stored value card'),
    holderName: optionalText('holderName', 64),
    phone: optionalText('phone', 32),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    lotId: wire.id,
    lotName: wire.optionalText,
    plate: wire.text,
    plateColor: wire.number,
    vehicleType: wire.optionalNumber,
    vehicleColor: wire.optionalNumber,
    cardType: wire.number,
    parkingType: wire.number,
    validFrom: wire.optionalDate,
    validTo: wire.optionalDate,
    financeCardId: wire.optionalId,
    financeCardNo: wire.optionalText,
    balance: wire.optionalNumber,
    holderName: wire.text,
    phone: wire.text,
    remark: wire.text,
    /** 1 有效, 0 已作废 (dict `parking_card_status`) */
    status: wire.number,
    /** dict `parking_sync_state`: 0 待同步, 1 已同步, 2 同步失败, 3 仅本地 */
    syncState: wire.number,
    syncError: wire.text,
    syncAttempts: wire.number,
    version: wire.number,
    syncedVersion: wire.number,
    nextSyncAt: wire.optionalDate,
    syncedAt: wire.optionalDate,
    createTime: wire.date,
  }),
  filters: {
    plate: 'like',
    lotId: 'eq',
    cardType: 'eq',
    parkingType: 'eq',
    status: 'eq',
    syncState: 'eq',
  },
  sorts: ['plate', 'createTime'],
  routes: {
    page: { path: 'page', also: ['/park-car/cards'] },
    submit: { path: 'submit', also: ['/park-car/cards'] },
    save: false,
    update: false,
  },
})
export type ParkingCardRow = z.infer<typeof parkingCardContract.row>

// —— vehicles inside ——

export const currentVehicleContract = defineContract({
  path: `${BASE}/currentVehicle`,
  code: 'parking_vehicle',
  label: 'plate',
  form: z.object({}),
  row: z.object({
    id: wire.id,
    lotId: wire.id,
    lotName: wire.optionalText,
    plate: wire.text,
    plateColor: wire.number,
    entryTime: wire.date,
    entryMachineId: wire.optionalId,
    entryGateName: wire.optionalText,
    cardId: wire.optionalId,
    /** the card type at entry; none: a temporary car without a card */
    cardType: wire.optionalNumber,
    /** minutes inside so far */
    minutes: wire.number,
  }),
  filters: { plate: 'like', lotId: 'eq', cardType: 'eq' },
  sorts: ['entryTime', 'plate'],
  routes: {
    page: { path: 'page', also: ['/park-car/currentVehicle'] },
    list: false,
    remove: false,
    submit: false,
    save: false,
    update: false,
  },
})
export type CurrentVehicleRow = z.infer<typeof currentVehicleContract.row>

// —— pass records ——

export const passRecordRow = z.object({
  id: wire.id,
  lotId: wire.id,
  lotName: wire.optionalText,
  machineId: wire.optionalId,
  gateName: wire.text,
  plate: wire.text,
  plateColor: wire.number,
  /** 0 entry, 1 exit (dict `pass_direction`) */
  direction: wire.number,
  /** dict `pass_type` */
  passType: wire.number,
  /** dict `release_mode`; none: the gate held */
  releaseMode: wire.optionalNumber,
  /** 1 the gate opened, 0 it held */
  released: wire.number,
  passTime: wire.date,
  entryTime: wire.optionalDate,
  durationMinutes: wire.optionalNumber,
  /** cents the stay cost by the car park's rule */
  fee: wire.number,
  /** cents taken from a stored value card */
  paid: wire.number,
  cardId: wire.optionalId,
  cardType: wire.optionalNumber,
  reason: wire.text,
  createUser: wire.optionalId,
  createUserName: wire.optionalText,
})
export type PassRecordRow = z.infer<typeof passRecordRow>

export const passRecordContract = defineContract({
  path: `${BASE}/passRecord`,
  code: 'parking_pass',
  label: 'plate',
  form: z.object({}),
  row: passRecordRow,
  filters: {
    plate: 'like',
    lotId: 'eq',
    machineId: 'eq',
    direction: 'eq',
    passType: 'eq',
    releaseMode: 'eq',
    released: 'eq',
  },
  sorts: ['passTime', 'fee'],
  routes: {
    page: { path: 'page', also: ['/park-car/passRecord'] },
    list: false,
    remove: false,
    submit: false,
    save: false,
    update: false,
  },
})
