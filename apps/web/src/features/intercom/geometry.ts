import type { IntercomFence } from '@xpark/contract/modules/intercom'

/** A fence being drawn: polygon corners, or a circle's centre and radius. */
export interface FenceDraft {
  fenceId?: string
  fenceName: string
  startTime: string
  stopTime: string
  locationType: 1 | 2
  radius: number
  members: string[]
  points: [number, number][]
}

export const emptyDraft = (): FenceDraft => ({
  fenceName: '',
  startTime: '00:00:00',
  stopTime: '23:59:59',
  locationType: 2,
  radius: 150,
  members: [],
  points: [],
})

export function draftOf(f: IntercomFence): FenceDraft {
  return {
    fenceId: f.fenceId,
    fenceName: f.fenceName,
    startTime: f.startTime,
    stopTime: f.stopTime,
    locationType: f.locationType,
    radius: f.locations[0]?.radius ?? 150,
    members: f.members,
    points: f.locations.map((l) => [l.lat, l.lng]),
  }
}

/** A click on the map: a polygon gains a corner, a circle moves its centre. */
export function addPoint(draft: FenceDraft, point: [number, number]): FenceDraft {
  return { ...draft, points: draft.locationType === 1 ? [...draft.points, point] : [point] }
}

/** The save form, or null when the drawn area is not yet complete. */
export function formOf(draft: FenceDraft) {
  const enough = draft.locationType === 1 ? draft.points.length >= 3 : draft.points.length === 1
  if (!enough) return null
  return {
    ...(draft.fenceId ? { fenceId: draft.fenceId } : {}),
    fenceName: draft.fenceName.trim(),
    startTime: draft.startTime,
    stopTime: draft.stopTime,
    locationType: draft.locationType,
    locations: draft.points.map(([lat, lng]) =>
      draft.locationType === 2 ? { lat, lng, radius: draft.radius } : { lat, lng },
    ),
    members: draft.members,
  }
}
