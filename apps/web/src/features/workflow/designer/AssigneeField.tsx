import { useQuery } from '@tanstack/react-query'
import { deptSearchCall, postSearchCall, roleSearchCall, userSearchCall } from '@xpark/contract/schemas'
import { Form, Select } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { type Assignee, type AssigneeMode, parseAssignee, writeAssignee } from './assignee'
import './i18n'

const MODES: AssigneeMode[] = ['user', 'role', 'dept', 'post', 'initiator', 'initiatorDeptLeader']

/** The people, roles, departments or posts to pick from (the workflow lookups, spec 02 "Lookups"). */
async function choicesOf(mode: AssigneeMode, text: string): Promise<{ value: string; label: string }[]> {
  const name = text.trim() || undefined
  switch (mode) {
    case 'user': {
      const page = await callApi(userSearchCall, { current: '1', size: '50', realName: name })
      return page.records.map((u) => ({
        value: u.id,
        label: u.deptName ? `${u.realName} (${u.deptName})` : u.realName,
      }))
    }
    case 'role':
      return (await callApi(roleSearchCall, { roleName: name })).map((r) => ({
        value: r.id,
        label: r.roleName,
      }))
    case 'dept':
      return (await callApi(deptSearchCall, { deptName: name })).map((d) => ({
        value: d.id,
        label: d.deptName,
      }))
    case 'post':
      return (await callApi(postSearchCall, { postName: name })).map((p) => ({
        value: p.id,
        label: p.postName,
      }))
    default:
      return []
  }
}

/** `xpark:assignee` of a user task: a kind, then who of that kind (searchable). */
export function AssigneeField({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (v: string) => void
}) {
  const tr = useTr()
  const stored = parseAssignee(value)
  // a kind picked before anyone of it is: nothing is stored yet (an empty assignee reads as people),
  // so the kind is kept here until the value names it
  const [kind, setKind] = useState<AssigneeMode>(stored.mode)
  const assignee: Assignee = value?.trim() ? stored : { mode: kind, ids: [] }
  const [search, setSearch] = useState('')
  const picks = assignee.mode === 'initiator' || assignee.mode === 'initiatorDeptLeader'
  const choices = useQuery({
    queryKey: ['workflow-designer-assignees', assignee.mode, search],
    queryFn: () => choicesOf(assignee.mode, search),
    enabled: !picks,
    staleTime: 60_000,
  })
  const set = (next: Assignee) => onChange(writeAssignee(next))
  // picked ids the current search does not list still show (their id until a search names them)
  const known = new Map((choices.data ?? []).map((c) => [c.value, c.label]))
  return (
    <>
      <Form.Item label={tr('wfd.assigneeMode')}>
        <Select
          data-testid="wfd-assignee-mode"
          value={assignee.mode}
          options={MODES.map((m) => ({ value: m, label: tr(`wfd.mode.${m}`) }))}
          onChange={(mode: AssigneeMode) => {
            setKind(mode)
            setSearch('')
            set({ mode, ids: [] })
          }}
        />
      </Form.Item>
      {!picks && (
        <Form.Item label={tr('wfd.assignee')} extra={tr('wfd.claimable')}>
          <Select
            data-testid="wfd-assignee"
            mode="multiple"
            showSearch
            filterOption={false}
            placeholder={tr('wfd.pick')}
            loading={choices.isFetching}
            value={assignee.ids}
            onSearch={setSearch}
            options={[
              ...(choices.data ?? []),
              ...assignee.ids.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
            ]}
            onChange={(ids: string[]) => set({ mode: assignee.mode, ids })}
          />
        </Form.Item>
      )}
    </>
  )
}
