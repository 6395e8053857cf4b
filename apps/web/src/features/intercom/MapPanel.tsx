import 'leaflet/dist/leaflet.css'
import 'leaflet.markercluster/dist/MarkerCluster.css'
import 'leaflet.markercluster/dist/MarkerCluster.Default.css'
import './intercom.css'
import L from './leaflet'
import 'leaflet.markercluster'
import { useQuery } from '@tanstack/react-query'
import type { IntercomFence, LocationTuple } from '@xpark/contract/modules/intercom'
import { Alert, Card, Col, Row, Tabs, Tag } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { AlarmList } from './AlarmList'
import { fencesQuery, intercomApi, membersQuery, settingsQuery } from './api'
import { FenceEditor } from './FenceEditor'
import { addPoint, type FenceDraft } from './geometry'
import { openLocationStream } from './liveStream'
import { PlaceSearch } from './PlaceSearch'
import { TrackPanel } from './TrackPanel'

/** The demo park's centre; spec 01 §9 has no map constants beside the zoom. */
const CENTRE: L.LatLngTuple = [31.2397, 121.4998]
const DEFAULT_ZOOM = 13

function fenceLayer(
  f: { locationType: 1 | 2; locations: { lat: number; lng: number; radius?: number }[] },
  style: L.PathOptions,
) {
  if (f.locationType === 2) {
    const c = f.locations[0]
    return c ? L.circle([c.lat, c.lng], { radius: c.radius ?? 0, ...style }) : null
  }
  return f.locations.length >= 3
    ? L.polygon(
        f.locations.map((l) => [l.lat, l.lng] as L.LatLngTuple),
        style,
      )
    : null
}

/**
 * The map (Leaflet, lazily loaded with this screen): member markers clustered and moved by the live
 * stream's batches, geofences as polygons and circles, a fence editor that draws by clicks, tracks,
 * place search and the fence alarms. Tiles come from the configured URL; when they cannot load the
 * map keeps its grid and says so.
 */
export default function MapPanel() {
  const tr = useTr()
  const { data: settings } = useQuery(settingsQuery())
  const fences = useQuery(fencesQuery())
  const members = useQuery(membersQuery('', ''))
  const box = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | null>(null)
  const cluster = useRef<L.MarkerClusterGroup | null>(null)
  const markers = useRef(new Map<string, L.Marker>())
  const fenceGroup = useRef<L.LayerGroup | null>(null)
  const draftGroup = useRef<L.LayerGroup | null>(null)
  const trackGroup = useRef<L.LayerGroup | null>(null)
  const [offline, setOffline] = useState(false)
  const [live, setLive] = useState(0)
  const [draft, setDraft] = useState<FenceDraft | null>(null)
  const draftRef = useRef<FenceDraft | null>(null)
  draftRef.current = draft
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.uid, m])), [members.data])
  const namesRef = useRef(names)
  namesRef.current = names

  // the map, once
  useEffect(() => {
    if (!box.current || map.current) return
    const m = L.map(box.current, {
      center: CENTRE,
      zoom: DEFAULT_ZOOM,
      minZoom: 3,
      maxZoom: 19,
      preferCanvas: true,
    })
    map.current = m
    cluster.current = L.markerClusterGroup({
      chunkedLoading: true,
      chunkInterval: 50,
      disableClusteringAtZoom: 17,
    }).addTo(m)
    fenceGroup.current = L.layerGroup().addTo(m)
    draftGroup.current = L.layerGroup().addTo(m)
    trackGroup.current = L.layerGroup().addTo(m)
    m.on('click', (e: L.LeafletMouseEvent) => {
      const d = draftRef.current
      if (d) setDraft(addPoint(d, [e.latlng.lat, e.latlng.lng]))
    })
    // the container's size changes with the alerts above it and the tab's layout: keep Leaflet's in step
    const resize = new ResizeObserver(() => m.invalidateSize())
    resize.observe(box.current)
    return () => {
      resize.disconnect()
      m.remove()
      map.current = null
    }
  }, [])

  // tiles from the configured URL; failures leave the grid and a notice
  useEffect(() => {
    const m = map.current
    if (!m || !settings) return
    if (!settings.tileUrl) {
      setOffline(true)
      return
    }
    const tiles = L.tileLayer(settings.tileUrl, { maxZoom: 19, attribution: '© OpenStreetMap' })
    let errors = 0
    tiles.on('tileerror', () => {
      errors += 1
      if (errors >= 2) setOffline(true)
    })
    tiles.on('tileload', () => setOffline(false))
    tiles.addTo(m)
    return () => {
      tiles.remove()
    }
  }, [settings])

  // positions: a snapshot, then the stream's batches (changed positions only)
  const apply = useCallback((batch: LocationTuple[]) => {
    const group = cluster.current
    if (!group) return
    const added: L.Marker[] = []
    const moved: [L.Marker, number, number][] = []
    for (const [uid, lat, lng] of batch) {
      const existing = markers.current.get(uid)
      if (existing) {
        moved.push([existing, lat, lng])
        continue
      }
      const member = namesRef.current.get(uid)
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: `intercom-dot${member?.role === 3 ? ' leader' : ''}`,
          iconSize: [14, 14],
        }),
        title: member ? `${member.name} (${uid})` : uid,
      })
      marker.bindTooltip(member ? `${member.name} ${member.phone}` : uid)
      markers.current.set(uid, marker)
      added.push(marker)
    }
    // One re-cluster per batch, not one per member: a marker moved while in the cluster group is
    // re-clustered on its own (2.5 s of long tasks a batch for 5,000, bench/intercom-console.mjs), so
    // markers leave the group, move, and come back together. When most moved, the clusters are
    // rebuilt from scratch (adding is chunked; removing thousands one by one is not).
    const rebuild = moved.length * 2 > markers.current.size
    if (rebuild) group.clearLayers()
    else if (moved.length) group.removeLayers(moved.map(([marker]) => marker))
    for (const [marker, lat, lng] of moved) marker.setLatLng([lat, lng])
    if (rebuild) group.addLayers([...markers.current.values()])
    else group.addLayers([...moved.map(([marker]) => marker), ...added])
    setLive(markers.current.size)
  }, [])

  useEffect(() => {
    let closed = false
    let close = () => {}
    intercomApi
      .locations(0)
      .then((all) => {
        if (closed) return
        apply(all)
        close = openLocationStream(apply)
      })
      .catch(() => {
        // silent operation (spec 01 §8): the session bar says why
      })
    return () => {
      closed = true
      close()
    }
  }, [apply])

  // fences
  useEffect(() => {
    const group = fenceGroup.current
    if (!group) return
    group.clearLayers()
    for (const f of fences.data ?? []) {
      const layer = fenceLayer(f, { color: '#f5222d', weight: 2, fillOpacity: 0.1 })
      layer?.bindTooltip(f.fenceName).addTo(group)
    }
  }, [fences.data])

  // the fence being drawn
  useEffect(() => {
    const group = draftGroup.current
    if (!group) return
    group.clearLayers()
    if (!draft) return
    const locations = draft.points.map(([lat, lng]) => ({ lat, lng, radius: draft.radius }))
    const layer =
      draft.locationType === 2 || draft.points.length >= 3
        ? fenceLayer({ locationType: draft.locationType, locations }, { color: '#1677ff', dashArray: '6 4' })
        : null
    layer?.addTo(group)
    for (const [lat, lng] of draft.points)
      L.circleMarker([lat, lng], { radius: 4, color: '#1677ff' }).addTo(group)
  }, [draft])

  const flyTo = (lat: number, lng: number) => map.current?.flyTo([lat, lng], 17)
  const showTrack = (points: [number, number, number][]) => {
    const group = trackGroup.current
    group?.clearLayers()
    if (!group || points.length === 0) return
    const line = L.polyline(
      points.map(([lat, lng]) => [lat, lng] as L.LatLngTuple),
      { color: '#722ed1', weight: 3 },
    ).addTo(group)
    map.current?.fitBounds(line.getBounds(), { maxZoom: 17 })
  }
  const positionOf = (uid: string) => {
    const ll = markers.current.get(uid)?.getLatLng()
    return ll ? ([ll.lat, ll.lng] as [number, number]) : null
  }

  return (
    <Row gutter={12}>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={tr('intercom.map.members')}
          extra={
            <Tag color="blue" data-testid="intercom-live-count">
              {tr('intercom.map.live')}: {live}
            </Tag>
          }
        >
          {offline ? (
            <Alert
              type="info"
              showIcon
              message={tr('intercom.map.tilesOffline')}
              style={{ marginBottom: 8 }}
            />
          ) : null}
          {draft ? (
            <Alert type="info" message={tr('intercom.fence.drawHint')} style={{ marginBottom: 8 }} />
          ) : null}
          <div ref={box} className="intercom-map" data-testid="intercom-map" />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Tabs
          size="small"
          items={[
            {
              key: 'fences',
              label: tr('intercom.fence.list'),
              children: (
                <FenceEditor
                  fences={fences.data ?? []}
                  loading={fences.isLoading}
                  draft={draft}
                  onDraft={setDraft}
                  positionOf={positionOf}
                  mapCentre={() => {
                    const c = map.current?.getCenter()
                    return c ? ([c.lat, c.lng] as [number, number]) : null
                  }}
                  onPick={(f: IntercomFence) => {
                    const c = f.locations[0]
                    if (c) flyTo(c.lat, c.lng)
                  }}
                />
              ),
            },
            {
              key: 'alarms',
              label: tr('intercom.alarm.list'),
              children: <AlarmList fences={fences.data ?? []} names={names} />,
            },
            { key: 'track', label: tr('intercom.map.track'), children: <TrackPanel onTrack={showTrack} /> },
            {
              key: 'search',
              label: tr('intercom.map.placeSearch'),
              children: (
                <PlaceSearch
                  members={members.data ?? []}
                  fences={fences.data ?? []}
                  positionOf={positionOf}
                  onGo={flyTo}
                />
              ),
            },
          ]}
        />
      </Col>
    </Row>
  )
}
