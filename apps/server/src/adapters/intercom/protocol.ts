/**
 * The wireless dispatch platform's protocol (spec 01 §7 "Intercom", R6): every call is a POST of
 * `{ Code, Body }` to the platform's base URL, every reply carries `Result` (200 success) and the
 * objects the spec names. The code numbers are ours (the spec does not give them): see
 * docs/intercom-protocol.md, which lists the same table.
 */

export const CODE = {
  login: 1001,
  changePassword: 1002,
  orgTree: 1101,
  members: 1102,
  userInfo: 1103,
  permissionQuery: 1201,
  permissionSet: 1202,
  broadcastCallQuery: 1203,
  broadcastCallChange: 1204,
  monitorQuery: 1205,
  monitorChange: 1206,
  fenceList: 1301,
  fenceSave: 1302,
  fenceRemove: 1303,
  fenceAlarms: 1304,
  broadcastList: 1401,
  broadcastCreate: 1402,
  broadcastMembers: 1403,
  broadcastRemove: 1404,
  locations: 1501,
  track: 1502,
} as const

export type Code = (typeof CODE)[keyof typeof CODE]

export const RESULT = {
  ok: 200,
  badRequest: 400,
  badCredentials: 401,
  notFound: 404,
  passwordExpired: 405,
  noChange: 411,
  /** never sent by the platform: the adapter's answer when the platform cannot be reached */
  network: 504,
  sessionInvalid: -1,
} as const

/** The nine operations of the spec (endpoints.tsv `wireless:*`), and the codes each uses. */
export const OPERATIONS: Readonly<Record<string, readonly Code[]>> = {
  login: [CODE.login],
  'organisation tree': [CODE.orgTree],
  members: [CODE.members],
  'user info': [CODE.userInfo],
  permissions: [
    CODE.permissionQuery,
    CODE.permissionSet,
    CODE.broadcastCallQuery,
    CODE.broadcastCallChange,
    CODE.monitorQuery,
    CODE.monitorChange,
  ],
  geofences: [CODE.fenceList, CODE.fenceSave, CODE.fenceRemove, CODE.fenceAlarms],
  broadcasts: [CODE.broadcastList, CODE.broadcastCreate, CODE.broadcastMembers, CODE.broadcastRemove],
  location: [CODE.locations, CODE.track],
  'password change': [CODE.changePassword],
}

export interface Org {
  OrgId: string
  OrgParentId: string
  OrgName: string
}

export interface User {
  Uid: string
  Name: string
  Phone: string
  Email: string
  /** 1 dispatcher, 2 member, 3 team leader */
  Role: number
  OrgId: string
}

export interface Permission {
  Uid: string
  /** 1 may view video, 0 may not */
  VideoView: number
  /** 1 incoming calls limited, 0 free */
  CallIn: number
  /** 1 outgoing calls limited, 0 free */
  CallOut: number
}

export interface LatLng {
  Lat: number
  Lng: number
}

/** LocationType 1: polygon (Locations are its corners); 2: circle (one Location with Radius in metres). */
export interface Fence {
  FenceId: string
  FenceName: string
  /** time of day the fence watches, `HH:mm:ss` */
  StartTime: string
  StopTime: string
  LocationType: 1 | 2
  Locations: (LatLng & { Radius?: number })[]
  /** the watched members' Uids */
  Members: string[]
}

/** Type 1: entered the fence, 2: left it; Time `yyyy-MM-dd HH:mm:ss`. */
export interface FenceAlarm {
  AlarmId: string
  FenceId: string
  Uid: string
  Type: 1 | 2
  Time: string
}

export interface Broadcast {
  BroadcastId: string
  Title: string
  Html: string
  Uids: string[]
  /** 1 sent by this dispatcher, 0 by another */
  OwnerFlag: number
  CreateTime: string
}

/** One member's position; Time in epoch milliseconds. */
export interface Location extends LatLng {
  Uid: string
  Time: number
}

export interface TrackPoint extends LatLng {
  Time: number
}

/** What a reply may carry beside `Result`. */
export interface Reply {
  Result: number
  Msg?: string
  Token?: string
  ServiceCode?: string
  Orgs?: Org[]
  Users?: User[]
  Members?: User[]
  /** broadcast-call members (1203) */
  Uids?: string[]
  UserMonitors?: string[]
  Permission?: Permission
  Fences?: Fence[]
  FenceId?: string
  Alarms?: FenceAlarm[]
  Broadcasts?: Broadcast[]
  BroadcastId?: string
  Total?: number
  Locations?: Location[]
  Points?: TrackPoint[]
}

export interface Request {
  Code: number
  Body: Record<string, unknown>
}
