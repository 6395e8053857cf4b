import { z } from 'zod'
import { day, link, optionalText, reference, requiredText, wire } from '../../fields.js'
import { defineContract } from '../../kit.js'

/**
 * 访客登记: a visitor, the house visited and the day. `addVisitorBackground` grants the visitor's face
 * on the community's visitor machines for that day only; a job takes it back after the day.
 */

/** 已登记 → 已授权 (granted on the machines) → 已过期 (the day is over, the grants taken back). */
export const VISITOR = { registered: 1, granted: 2, expired: 3 } as const

export const VISITOR_TEXTS = {
  dayOver: '访客日期已过',
  noFace: '请先上传访客照片',
  noMachines: '该社区没有访客机',
  expired: '访客登记已过期',
  granted: '已授权的访客登记不能修改',
} as const

export const visitorContract = defineContract({
  path: 'ydzy/vistorinfo',
  code: 'property_visitor',
  label: 'visitorName',
  form: z.object({
    communityId: reference('please select a community'),
    visitorName: requiredText('please input the visitor name', 32),
    visitorPhone: optionalText('visitorPhone', 32),
    faceUrl: link('faceUrl'),
    hostHouse: requiredText('please input the house visited', 64),
    hostName: optionalText('hostName', 32),
    hostPhone: optionalText('hostPhone', 32),
    visitDate: day('visitDate'),
    reason: optionalText('reason', 255),
    carNumber: optionalText('carNumber', 16),
  }),
  row: z.object({
    id: wire.id,
    communityId: wire.id,
    communityName: wire.optionalText,
    visitorName: wire.text,
    visitorPhone: wire.text,
    faceUrl: wire.text,
    hostHouse: wire.text,
    hostName: wire.text,
    hostPhone: wire.text,
    visitDate: wire.text,
    reason: wire.text,
    carNumber: wire.text,
    machineCount: wire.number,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: {
    communityId: 'eq',
    visitorName: 'like',
    visitorPhone: 'eq',
    hostHouse: 'like',
    visitDate: 'eq',
    status: 'eq',
  },
  sorts: ['visitDate', 'createTime'],
  routes: { page: false },
})
export type VisitorRow = z.infer<typeof visitorContract.row>
