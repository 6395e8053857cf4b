import { z } from 'zod'
import { type CallInput, defineCall, SIGNED_IN } from '../../calls.js'
import { optionalText, reference, wire } from '../../fields.js'
import { propertyDictCode } from './dicts.js'
import { appraiseContract, repairContract } from './orders.js'
import { visitorContract } from './visitors.js'

/** The property services' hand routes: lookups, hot cities, a repair's detail, visitor grants. */

function call<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag' | 'methods'> & { methods?: CallInput<P, R>['methods'] },
) {
  // BladeX's cmzy calls are "mostly POST": the reads answer both
  return defineCall<P, R>({ methods: ['GET', 'POST'], ...input, tag: 'property' })
}

/** A community: a department of category 社区 (org_category 4). */
export const COMMUNITY_CATEGORY = 4

export const Community = z.object({ id: wire.id, deptName: wire.text, parentId: wire.id })
export const communitiesCall = call({
  path: 'ydzy/cmzy/communities',
  method: 'GET',
  methods: ['GET'],
  permission: SIGNED_IN,
  reply: z.array(Community),
  summary: 'property: the communities (departments of category 社区) in the caller’s data scope',
})

/** One entry of a property dictionary, as the app reads it. */
export const PropertyDictItem = z.object({ dictKey: wire.text, dictValue: wire.text, sort: wire.number })

export const queryTypeCall = call({
  path: 'ydzy/cmzy/query-type',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({ kind: z.enum(['repair', 'clean'], { error: 'kind: repair or clean' }).optional() }),
  reply: z.array(PropertyDictItem),
  summary: 'property: the service types (property_repair_type, or property_clean_type for kind=clean)',
})

export const getTroubleCall = call({
  path: 'ydzy/cmzy/getTrouble',
  method: 'POST',
  permission: SIGNED_IN,
  reply: z.array(PropertyDictItem),
  summary: 'property: the troubles a repair order names (property_trouble)',
})

export const getDictCall = call({
  path: 'ydzy/cmzy/getDict',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({ code: propertyDictCode }),
  reply: z.array(PropertyDictItem),
  summary: 'property: the entries of one property dictionary',
})

/** A city of the region data (level 2). */
export const City = z.object({ code: wire.text, name: wire.text, provinceName: wire.text })
export const HotCity = City.extend({ sort: wire.number })

export const HOTSPOT_VIEW = 'property_hotspot_view'
export const HOTSPOT_EDIT = 'property_hotspot_edit'
export const HOTSPOT_MAX = 30

export const queryCityAllCall = call({
  path: 'ydzy/cmzy/query-city-all',
  method: 'POST',
  permission: SIGNED_IN,
  reply: z.array(City),
  summary: 'property: every city of the region data, by province',
})

export const queryCityCall = call({
  path: 'ydzy/cmzy/query-city',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({
    name: optionalText('name', 32),
    provinceCode: z
      .string({ error: 'provinceCode: digits' })
      .regex(/^\d{0,12}$/, 'provinceCode: digits')
      .optional(),
  }),
  reply: z.array(City),
  summary: 'property: cities by name or province (at most 100)',
})

export const queryHotSpotCall = call({
  path: 'ydzy/cmzy/query-hotSpot',
  method: 'POST',
  permission: SIGNED_IN,
  reply: z.array(HotCity),
  summary: 'property: the tenant’s hot cities, in order',
})

export const saveHotspotCall = call({
  path: 'ydzy/cmzy/save-hotspotId',
  method: 'POST',
  methods: ['POST'],
  permission: HOTSPOT_EDIT,
  params: z.object({
    cityCodes: z
      .string({ error: 'cityCodes: comma-joined city codes' })
      .regex(/^(\d{1,12}(,\d{1,12}){0,29})?$/, `cityCodes: at most ${HOTSPOT_MAX} comma-joined city codes`),
  }),
  reply: z.object({ saved: z.number() }),
  summary: 'property: the tenant’s hot cities replaced by these (in this order); unknown cities refused',
})

/** A move of an order, as its detail shows it. */
export const OrderLog = z.object({
  fromStatus: wire.number,
  toStatus: wire.number,
  userId: wire.optionalId,
  userName: wire.optionalText,
  remark: wire.text,
  createTime: wire.date,
})

export const repairDetailCall = call({
  path: 'ydzy/cmzy/queryRepairsDetail',
  method: 'GET',
  methods: ['GET'],
  permission: repairContract.permissions.view,
  params: z.object({ id: reference('id: must be an id') }),
  reply: z.object({
    order: repairContract.row,
    appraise: appraiseContract.row.nullable(),
    logs: z.array(OrderLog),
  }),
  summary: 'property: a repair order with its appraisal and its moves',
})

const VISITOR_VIEW = visitorContract.permissions.view
export const VISITOR_GRANT = 'property_visitor_grant'

export const addVisitorBackgroundCall = call({
  path: 'ydzy/visitorMachine/addVisitorBackground',
  method: 'GET',
  permission: VISITOR_GRANT,
  params: z.object({ id: reference('id: must be an id') }),
  reply: z.object({ machines: z.number() }),
  summary:
    'property: grant a registered visitor’s face on the community’s visitor machines for the visit day (taken back after it)',
})

/** What a visitor machine learns of a face it sees. */
export const VisitorPass = z.object({
  id: wire.id,
  visitorName: wire.text,
  faceUrl: wire.text,
  hostHouse: wire.text,
  visitDate: wire.text,
  communityName: wire.optionalText,
  /** granted on this machine, and today is the day */
  allowed: z.boolean(),
})

export const getVisitorUserCall = call({
  path: 'ydzy/visitorMachine/getUser',
  method: 'GET',
  methods: ['GET'],
  permission: VISITOR_VIEW,
  params: z.object({
    machineCode: z.string({ error: 'machineCode' }).trim().min(1, 'machineCode').max(64, 'machineCode'),
    id: reference('id: must be an id'),
  }),
  reply: VisitorPass,
  summary: 'property: the visitor machine’s look-up of a visitor (allowed: granted there, and today)',
})

export const queryVisitorInfoCall = call({
  path: 'ydzy/vistorinfo/queryVisitorInfo',
  method: 'GET',
  methods: ['GET'],
  permission: VISITOR_VIEW,
  params: z.object({
    visitorPhone: optionalText('visitorPhone', 32),
    visitorName: optionalText('visitorName', 32),
    visitDate: z
      .string({ error: 'visitDate: yyyy-MM-dd' })
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'visitDate: yyyy-MM-dd')
      .optional(),
  }),
  reply: z.array(visitorContract.row),
  summary: 'property: a day’s registrations of a visitor (by phone or name; default today), at most 50',
})
