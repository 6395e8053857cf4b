import { z } from 'zod'
import { choice, optionalReference, optionalText, reference, requiredText, sort, wire } from '../../fields.js'
import { defineContract } from '../../kit.js'

/** A community's machines, and the check lists (检查清单) the inspection points take their items from. */

/** 社区设备: a machine of the device layer placed in a community; a visitor machine takes visitors' faces. */
export const communityMachineContract = defineContract({
  path: 'ydzy/cmzy',
  code: 'property_machine',
  label: 'machineName',
  form: z.object({
    communityId: reference('please select a community'),
    machineId: reference('please select a machine'),
    /** 1: a visitor machine (访客机): registered visitors are granted on it for their day */
    visitor: choice('visitor: 0 or 1', 0, 1).optional(),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    communityId: wire.id,
    communityName: wire.optionalText,
    machineId: wire.id,
    machineName: wire.optionalText,
    machineCode: wire.optionalText,
    machineType: wire.optionalNumber,
    visitor: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { communityId: 'eq', machineId: 'eq', visitor: 'eq' },
  routes: {
    list: false,
    save: false,
    update: false,
    page: { path: 'queryMachineList', methods: ['GET', 'POST'] },
    detail: 'machine-detail',
    submit: 'updataMachine',
    remove: 'remove-machine',
  },
})
export type CommunityMachineRow = z.infer<typeof communityMachineContract.row>

/** 检查清单: what an inspector checks (a community's own, or every community's when none is named). */
export const checkItemContract = defineContract({
  path: 'ydzy/cmzy',
  code: 'property_check',
  form: z.object({
    name: requiredText('please input the check item', 64),
    category: optionalText('category', 32),
    content: optionalText('content', 500),
    communityId: optionalReference('communityId: must be an id'),
    sort,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    category: wire.text,
    content: wire.text,
    communityId: wire.optionalId,
    communityName: wire.optionalText,
    sort: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', category: 'eq', communityId: 'eq' },
  sorts: ['sort', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: { path: 'queryCheckList', methods: ['GET', 'POST'] },
    detail: 'check-detail',
    save: 'addChekList',
    update: 'updateChek',
    remove: { path: 'delChek', methods: ['GET', 'POST'] },
  },
})
export type CheckItemRow = z.infer<typeof checkItemContract.row>
