import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { dateTime, optionalChoice, optionalText, reference } from '../../fields.js'
import { pageOf, treeNodeReply } from '../../replies.js'
import {
  PARKING_CARD_SYNC,
  PARKING_REMOTE_OPEN,
  parkingCardContract,
  parkingLotContract,
  passRecordContract,
  passRecordRow,
  plate,
} from './resources.js'

/** The parking calls beside its resources: a plate's passes, the PMS sync of a card, the remote open. */

const BASE = 'park-car'

function parkingCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'parking' })
}

const pageParams = {
  current: z.coerce.number({ error: 'current: a page number' }).int().min(1).max(100_000).optional(),
  size: z.coerce.number({ error: 'size: 1-200' }).int().min(1).max(200).optional(),
}

export const carPassRecordCall = parkingCall({
  path: `${BASE}/getCarPassRecord`,
  method: 'GET',
  permission: passRecordContract.permissions.view,
  params: z.object({
    plate: plate(),
    startTime: dateTime('startTime'),
    endTime: dateTime('endTime'),
    ...pageParams,
  }),
  reply: pageOf(passRecordRow),
  summary: "parking: one plate's passes (exact plate, newest first), optionally between two times",
})

export const PMS_ACTIONS = ['update', 'cancel'] as const

export const pmsSyncCall = parkingCall({
  path: `${BASE}/pmsSync`,
  method: 'POST',
  permission: PARKING_CARD_SYNC,
  params: z.object({
    id: reference('please select a card'),
    /** update: send the card (again) now; cancel: cancel the card here and in the parking system */
    action: z.enum(PMS_ACTIONS, { error: 'action: update or cancel' }),
  }),
  reply: parkingCardContract.row,
  summary:
    'parking card: queue it for the parking system now (update) or cancel it (a never-synced card is cancelled locally)',
})

export const remoteOpenCall = parkingCall({
  path: `${BASE}/remoteOpen`,
  method: 'POST',
  permission: PARKING_REMOTE_OPEN,
  params: z.object({
    /** the gate's machine */
    machineId: reference('please select a gate'),
    /** the car let through, when known: an entry starts its stay, an exit closes it */
    plate: plate().optional().or(z.literal('')),
    plateColor: optionalChoice('plateColor: 0-4', 0, 4),
    remark: optionalText('remark', 255),
  }),
  reply: passRecordRow,
  summary: 'parking: open a gate from the console (pass type 8 远程放行, logged with who opened it)',
})

/** The barrier machines a car park's gate line may name, as TreeNodes (the car park editor's gate cell). */
export const gateMachineTreeCall = parkingCall({
  path: `${BASE}/gateMachines`,
  method: 'GET',
  permission: parkingLotContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'parking: the barrier machines (道闸) a gate may be, by name and code, as TreeNodes',
})
