import type { IntercomFence, IntercomUser } from '@xpark/contract/modules/intercom'
import { Input, List } from 'antd'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'

/** Spec 01 §9 place search page size. */
const PAGE_SIZE = 10

interface Place {
  key: string
  label: string
  at: [number, number]
}

/** Search the map's places (members by name, phone or uid; fences by name), ten to a page. */
export function PlaceSearch({
  members,
  fences,
  positionOf,
  onGo,
}: {
  members: IntercomUser[]
  fences: IntercomFence[]
  positionOf: (uid: string) => [number, number] | null
  onGo: (lat: number, lng: number) => void
}) {
  const tr = useTr()
  const [found, setFound] = useState<Place[]>([])
  const search = (text: string) => {
    const q = text.trim()
    if (!q) return setFound([])
    const places: Place[] = []
    for (const f of fences) {
      const c = f.locations[0]
      if (c && f.fenceName.includes(q))
        places.push({ key: `f${f.fenceId}`, label: f.fenceName, at: [c.lat, c.lng] })
    }
    for (const m of members) {
      if (!(m.name.includes(q) || m.phone.includes(q) || m.uid.includes(q))) continue
      const at = positionOf(m.uid)
      if (at) places.push({ key: `m${m.uid}`, label: `${m.name} (${m.uid})`, at })
    }
    setFound(places)
  }
  return (
    <>
      <Input.Search allowClear placeholder={tr('intercom.map.placeSearch')} onSearch={search} />
      <List
        size="small"
        dataSource={found}
        pagination={found.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small' } : false}
        renderItem={(p) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onGo(p.at[0], p.at[1])}>
            {p.label}
          </List.Item>
        )}
      />
    </>
  )
}
