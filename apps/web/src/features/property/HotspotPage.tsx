import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  HOTSPOT_EDIT,
  HOTSPOT_MAX,
  queryCityAllCall,
  queryHotSpotCall,
  saveHotspotCall,
} from '@xpark/contract/modules/property'
import { App, Button, Card, Empty, List, Select, Space, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { moved, withCity, withoutCity } from './hotspot'
import './i18n'

/**
 * 热门城市: the cities the app offers first, in order — picked from the region data's cities, moved
 * up and down, saved as one list (holders of `property_hotspot_edit`).
 */
export default function HotspotPage() {
  const t = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const may = useSession((s) => s.permission[HOTSPOT_EDIT] === true)
  const cities = useQuery({ queryKey: [queryCityAllCall.path], queryFn: () => callApi(queryCityAllCall) })
  const hot = useQuery({ queryKey: [queryHotSpotCall.path], queryFn: () => callApi(queryHotSpotCall) })
  const [list, setList] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (hot.data) setList(hot.data.map((c) => c.code))
  }, [hot.data])
  const nameOf = (code: string) => {
    const c = cities.data?.find((x) => x.code === code) ?? hot.data?.find((x) => x.code === code)
    return c ? `${c.name} (${c.provinceName})` : code
  }
  const save = async () => {
    setSaving(true)
    try {
      await callApi(saveHotspotCall, { cityCodes: list.join(',') })
      void message.success(t('property.saved'))
      await client.invalidateQueries({ queryKey: [queryHotSpotCall.path] })
    } catch {
      // the HTTP client showed why; nothing changed
    } finally {
      setSaving(false)
    }
  }
  if (cities.isLoading || hot.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  return (
    <Card title={t('property.hotCities')} data-testid="hotspot-page">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {may && (
          <Space>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 280 }}
              placeholder={t('property.cities')}
              value={null}
              disabled={list.length >= HOTSPOT_MAX}
              options={(cities.data ?? [])
                .filter((c) => !list.includes(c.code))
                .map((c) => ({ value: c.code, label: `${c.name} (${c.provinceName})` }))}
              onChange={(code: string) => setList((l) => withCity(l, code))}
              data-testid="hotspot-add"
            />
            <Button type="primary" loading={saving} onClick={save} data-testid="hotspot-save">
              {t('property.save')}
            </Button>
          </Space>
        )}
        {list.length ? (
          <List
            bordered
            dataSource={list}
            renderItem={(code, i) => (
              <List.Item
                data-testid={`hotspot-city-${code}`}
                actions={
                  may
                    ? [
                        <Button
                          key="up"
                          size="small"
                          disabled={i === 0}
                          onClick={() => setList((l) => moved(l, i, -1))}
                        >
                          {t('property.up')}
                        </Button>,
                        <Button
                          key="down"
                          size="small"
                          disabled={i === list.length - 1}
                          onClick={() => setList((l) => moved(l, i, 1))}
                        >
                          {t('property.down')}
                        </Button>,
                        <Button
                          key="remove"
                          size="small"
                          danger
                          onClick={() => setList((l) => withoutCity(l, code))}
                        >
                          {t('property.remove')}
                        </Button>,
                      ]
                    : []
                }
              >
                {i + 1}. {nameOf(code)}
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('property.noHotCities')} />
        )}
      </Space>
    </Card>
  )
}
