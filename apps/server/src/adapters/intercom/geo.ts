import type { Fence, LatLng } from './protocol.js'

/** Small-area geometry on latitude/longitude (a park is a few kilometres: a flat earth is exact enough). */

const METRES_PER_DEGREE = 111_320

export function distanceMetres(a: LatLng, b: LatLng): number {
  const dy = (a.Lat - b.Lat) * METRES_PER_DEGREE
  const dx = (a.Lng - b.Lng) * METRES_PER_DEGREE * Math.cos(((a.Lat + b.Lat) / 2) * (Math.PI / 180))
  return Math.hypot(dx, dy)
}

/** A point `metres` east and north of `origin`. */
export function offset(origin: LatLng, east: number, north: number): LatLng {
  return {
    Lat: origin.Lat + north / METRES_PER_DEGREE,
    Lng: origin.Lng + east / (METRES_PER_DEGREE * Math.cos(origin.Lat * (Math.PI / 180))),
  }
}

function inPolygon(p: LatLng, corners: readonly LatLng[]): boolean {
  let inside = false
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const a = corners[i]!
    const b = corners[j]!
    if (
      a.Lat > p.Lat !== b.Lat > p.Lat &&
      p.Lng < ((b.Lng - a.Lng) * (p.Lat - a.Lat)) / (b.Lat - a.Lat) + a.Lng
    )
      inside = !inside
  }
  return inside
}

export function insideFence(p: LatLng, fence: Pick<Fence, 'LocationType' | 'Locations'>): boolean {
  if (fence.LocationType === 2) {
    const centre = fence.Locations[0]
    return !!centre && distanceMetres(p, centre) <= (centre.Radius ?? 0)
  }
  return fence.Locations.length >= 3 && inPolygon(p, fence.Locations)
}

/** `HH:mm:ss` → seconds since midnight. */
const secondsOf = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number)
  return h * 3600 + m * 60 + s
}

/** Is the time of day of `at` within the fence's watch range (a range past midnight wraps)? */
export function watching(fence: Pick<Fence, 'StartTime' | 'StopTime'>, at: Date): boolean {
  const now = at.getHours() * 3600 + at.getMinutes() * 60 + at.getSeconds()
  const start = secondsOf(fence.StartTime)
  const stop = secondsOf(fence.StopTime)
  return start <= stop ? now >= start && now <= stop : now >= start || now <= stop
}

/** A closed path walked at a steady speed: where the walker is at a moment. */
export interface Path {
  points: LatLng[]
  /** metres per second; 0 stands still at the first point */
  speed: number
  /** metres along the loop at time 0 */
  phase: number
}

export function positionOn(path: Path, atMs: number): LatLng {
  const first = path.points[0]!
  if (path.speed === 0 || path.points.length < 2) return first
  const legs = path.points.map((p, i) => [p, path.points[(i + 1) % path.points.length]!] as const)
  const lengths = legs.map(([a, b]) => distanceMetres(a, b))
  const loop = lengths.reduce((s, l) => s + l, 0)
  let along = (path.phase + (path.speed * atMs) / 1000) % loop
  for (let i = 0; i < legs.length; i++) {
    const l = lengths[i]!
    if (along <= l) {
      const [a, b] = legs[i]!
      const f = l === 0 ? 0 : along / l
      return { Lat: a.Lat + (b.Lat - a.Lat) * f, Lng: a.Lng + (b.Lng - a.Lng) * f }
    }
    along -= l
  }
  return first
}
