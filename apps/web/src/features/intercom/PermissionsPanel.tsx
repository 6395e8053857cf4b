import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { IntercomPermissions, IntercomUser } from '@xpark/contract/modules/intercom'
import { App, Button, Descriptions, Drawer, Radio, Skeleton, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { intercomApi, intercomKeys, userQuery } from './api'
import { useIntercomFeedback } from './feedback'

type Values = Omit<IntercomPermissions, 'uid'>
const FIELDS: { key: keyof Values; options: [number, string][] }[] = [
  {
    key: 'videoView',
    options: [
      [1, 'intercom.allow'],
      [0, 'intercom.deny'],
    ],
  },
  {
    key: 'callIn',
    options: [
      [0, 'intercom.free'],
      [1, 'intercom.limited'],
    ],
  },
  {
    key: 'callOut',
    options: [
      [0, 'intercom.free'],
      [1, 'intercom.limited'],
    ],
  },
  {
    key: 'broadcastCall',
    options: [
      [0, 'intercom.inList'],
      [1, 'intercom.notInList'],
    ],
  },
  {
    key: 'monitored',
    options: [
      [0, 'intercom.monitoredYes'],
      [1, 'intercom.monitoredNo'],
    ],
  },
]

/**
 * A member's permissions (spec 01 §4): video view, call in/out limits, broadcast call (0 in the list,
 * 1 not), monitored flag (0 in the monitor list, 1 not). Only the changed values are saved, each
 * through its own platform call.
 */
export function PermissionsPanel({
  member,
  mayEdit,
  onClose,
}: {
  member: IntercomUser
  mayEdit: boolean
  onClose: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const feedback = useIntercomFeedback()
  const queryClient = useQueryClient()
  const { data, error, isLoading } = useQuery(userQuery(member.uid))
  const [values, setValues] = useState<Values | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (data) setValues({ ...data.permissions })
  }, [data])
  useEffect(() => {
    if (error) feedback(error)
  }, [error, feedback])

  const save = async () => {
    if (!data || !values) return
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => data.permissions[k as keyof Values] !== v),
    )
    setSaving(true)
    try {
      await intercomApi.savePermissions({ uid: member.uid, ...changed })
      void message.success(tr('intercom.saved'))
      await queryClient.invalidateQueries({ queryKey: intercomKeys.user(member.uid) })
      await queryClient.invalidateQueries({ queryKey: intercomKeys.monitors })
      onClose()
    } catch (e) {
      feedback(e)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open
      width={420}
      title={tr('intercom.permissionsOf', { name: member.name })}
      onClose={onClose}
      data-testid="intercom-permissions-panel"
      extra={
        <Space>
          <Button onClick={onClose}>{tr('intercom.cancel')}</Button>
          {mayEdit ? (
            <Button
              type="primary"
              loading={saving}
              disabled={!values}
              onClick={() => void save()}
              data-testid="intercom-permissions-save"
            >
              {tr('intercom.save')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {isLoading || !values ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          {FIELDS.map(({ key, options }) => (
            <Descriptions.Item key={key} label={tr(`intercom.${key}`)}>
              <Radio.Group
                disabled={!mayEdit}
                data-testid={`intercom-perm-${key}`}
                value={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.value as number })}
                options={options.map(([value, label]) => ({ value, label: tr(label) }))}
              />
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  )
}
