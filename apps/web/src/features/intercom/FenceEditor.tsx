import { useQueryClient } from '@tanstack/react-query'
import type { IntercomFence } from '@xpark/contract/modules/intercom'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import {
  App,
  Button,
  Empty,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Radio,
  Space,
  Spin,
  TimePicker,
  Typography,
} from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { intercomApi, intercomKeys } from './api'
import { useIntercomFeedback } from './feedback'
import { addPoint, draftOf, emptyDraft, type FenceDraft, formOf } from './geometry'
import { MemberSelect } from './MemberSelect'

interface Props {
  fences: IntercomFence[]
  loading: boolean
  draft: FenceDraft | null
  onDraft: (draft: FenceDraft | null) => void
  positionOf: (uid: string) => [number, number] | null
  /** the map's centre now (a circle can be put there instead of clicking) */
  mapCentre: () => [number, number] | null
  onPick: (fence: IntercomFence) => void
}

/** The fences list and the editor of one fence (its area is drawn by clicks on the map). */
export function FenceEditor({ fences, loading, draft, onDraft, onPick, mapCentre }: Props) {
  const tr = useTr()
  const { message } = App.useApp()
  const feedback = useIntercomFeedback()
  const queryClient = useQueryClient()
  const mayEdit = usePermission(INTERCOM_PERMISSIONS.fence)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    if (!draft) return
    if (!draft.fenceName.trim()) return void message.warning(tr('please enter fence name'))
    const form = formOf(draft)
    if (!form) return void message.warning(tr('intercom.fence.needPoints'))
    setBusy(true)
    try {
      await intercomApi.saveFence(form)
      void message.success(tr('intercom.fence.saved'))
      onDraft(null)
      await queryClient.invalidateQueries({ queryKey: intercomKeys.fences })
    } catch (e) {
      feedback(e)
    } finally {
      setBusy(false)
    }
  }
  const remove = async (fenceId: string) => {
    try {
      await intercomApi.removeFence(fenceId)
      await queryClient.invalidateQueries({ queryKey: intercomKeys.fences })
    } catch (e) {
      feedback(e)
    }
  }

  if (draft)
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="intercom-fence-editor">
        <Typography.Text strong>
          {tr(draft.fenceId ? 'intercom.fence.edit' : 'intercom.fence.new')}
        </Typography.Text>
        <Input
          data-testid="intercom-fence-name"
          placeholder={tr('intercom.fence.name')}
          maxLength={64}
          value={draft.fenceName}
          onChange={(e) => onDraft({ ...draft, fenceName: e.target.value })}
        />
        <Space>
          <TimePicker
            value={dayjs(draft.startTime, 'HH:mm:ss')}
            allowClear={false}
            placeholder={tr('intercom.fence.startTime')}
            onChange={(v) => v && onDraft({ ...draft, startTime: v.format('HH:mm:ss') })}
          />
          <TimePicker
            value={dayjs(draft.stopTime, 'HH:mm:ss')}
            allowClear={false}
            placeholder={tr('intercom.fence.stopTime')}
            onChange={(v) => v && onDraft({ ...draft, stopTime: v.format('HH:mm:ss') })}
          />
        </Space>
        <Radio.Group
          value={draft.locationType}
          onChange={(e) => onDraft({ ...draft, locationType: e.target.value as 1 | 2, points: [] })}
          options={[
            { value: 2, label: tr('intercom.fence.circle') },
            { value: 1, label: tr('intercom.fence.polygon') },
          ]}
        />
        {draft.locationType === 2 ? (
          <Space>
            {tr('intercom.fence.radius')}
            <InputNumber
              data-testid="intercom-fence-radius"
              min={1}
              max={100000}
              value={draft.radius}
              onChange={(v) => onDraft({ ...draft, radius: Number(v) || 1 })}
            />
          </Space>
        ) : null}
        <Typography.Text type="secondary" data-testid="intercom-fence-points">
          {tr('intercom.fence.points', { count: draft.points.length })}
        </Typography.Text>
        <MemberSelect
          value={draft.members}
          onChange={(members) => onDraft({ ...draft, members })}
          placeholder={tr('intercom.fence.members')}
        />
        <Space>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="intercom-fence-save">
            {tr('intercom.save')}
          </Button>
          <Button onClick={() => onDraft({ ...draft, points: [] })}>{tr('intercom.fence.clear')}</Button>
          {draft.locationType === 2 ? (
            <Button
              data-testid="intercom-fence-centre"
              onClick={() => {
                const c = mapCentre()
                if (c) onDraft(addPoint(draft, c))
              }}
            >
              {tr('intercom.fence.atCentre')}
            </Button>
          ) : null}
          <Button onClick={() => onDraft(null)}>{tr('intercom.cancel')}</Button>
        </Space>
      </Space>
    )

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {mayEdit ? (
        <Button type="dashed" block onClick={() => onDraft(emptyDraft())} data-testid="intercom-fence-new">
          {tr('intercom.fence.new')}
        </Button>
      ) : null}
      {loading ? (
        <Spin />
      ) : (
        <List
          size="small"
          data-testid="intercom-fences"
          dataSource={fences}
          locale={{ emptyText: <Empty description={tr('intercom.fence.empty')} /> }}
          renderItem={(f) => (
            <List.Item
              actions={
                mayEdit
                  ? [
                      <Button key="edit" size="small" type="link" onClick={() => onDraft(draftOf(f))}>
                        {tr('intercom.fence.edit')}
                      </Button>,
                      <Popconfirm
                        key="remove"
                        title={tr('intercom.fence.removeConfirm')}
                        onConfirm={() => remove(f.fenceId)}
                      >
                        <Button size="small" type="link" danger>
                          {tr('intercom.fence.remove')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Button type="link" size="small" onClick={() => onPick(f)}>
                {f.fenceName}
              </Button>
              <Typography.Text type="secondary">
                {f.startTime}-{f.stopTime} ·{' '}
                {tr(f.locationType === 1 ? 'intercom.fence.polygon' : 'intercom.fence.circle')}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Space>
  )
}
