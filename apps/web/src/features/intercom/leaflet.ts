import L from 'leaflet'

// leaflet.markercluster is a UMD bundle that extends the global `L`: give it ours before it loads
// (MapPanel imports this module first, so it is evaluated first)
;(globalThis as unknown as { L: typeof L }).L = L

export default L
