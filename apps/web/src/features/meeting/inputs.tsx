import { useQuery } from '@tanstack/react-query'
import { type MeetingPersonRow, meetingRoomContract } from '@xpark/contract/modules/meeting'
import { Button, Select, Space, Tag } from 'antd'
import { useState } from 'react'
import { pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { PersonInput } from '@/components/PersonInput'
import { type PickedUser, UserPicker } from '@/components/UserPicker'
import './i18n'

/** Form inputs of the meeting dialog: a room, a person (the organiser), the invited people. */

interface InputProps<V> {
  value?: V
  onChange?: (value: V) => void
  testId?: string
  disabled?: boolean
}

/** The rooms in use, by name and place. */
export function RoomSelect({ value, onChange, testId, disabled }: InputProps<string>) {
  const t = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [meetingRoomContract.code, 'select'],
    queryFn: () => pageOfRows(meetingRoomContract, { current: 1, size: 200, status: 1 }),
  })
  return (
    <Select
      value={value || undefined}
      onChange={(id: string) => onChange?.(id)}
      loading={isLoading}
      disabled={disabled}
      placeholder={t('please select meeting room')}
      options={(data?.records ?? []).map((r) => ({
        value: r.id,
        label: r.place ? `${r.name} (${r.place})` : r.name,
      }))}
      data-testid={testId}
    />
  )
}

/** One person of the tenant (the organiser): the shared person field with the meeting's texts. */
export function PersonSelect(props: InputProps<string>) {
  const t = useTr()
  return (
    <PersonInput
      {...props}
      clearable
      placeholder={t('meeting.organiser')}
      pickLabel={t('meeting.pickPeople')}
    />
  )
}

/** An invited person as the form holds them (a line of the meeting). */
export type Invitee = Pick<MeetingPersonRow, 'userId'> &
  Partial<Pick<MeetingPersonRow, 'id' | 'userName' | 'groupName' | 'seat'>>

/** People picked in the picker joined to those already invited: each person once, the invited as they were. */
export function withPicked(current: readonly Invitee[], picked: readonly PickedUser[]): Invitee[] {
  const have = new Set(current.map((p) => p.userId))
  return [
    ...current,
    ...picked.filter((u) => !have.has(u.id)).map((u) => ({ userId: u.id, userName: u.realName })),
  ]
}

/** The invited people: tags (removable) and the user picker to add more. */
export function PeopleInput({ value, onChange, testId, disabled }: InputProps<Invitee[]>) {
  const t = useTr()
  const [open, setOpen] = useState(false)
  const people = value ?? []
  return (
    <div data-testid={testId}>
      <Space wrap size={[4, 8]}>
        {people.map((p) => (
          <Tag
            key={p.userId}
            closable={!disabled}
            onClose={() => onChange?.(people.filter((x) => x.userId !== p.userId))}
          >
            {p.userName ?? p.userId}
            {p.groupName ? ` · ${p.groupName}` : ''}
          </Tag>
        ))}
        <Button
          size="small"
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid="meeting-people-pick"
        >
          {t('meeting.pickPeople')}
        </Button>
      </Space>
      <UserPicker
        open={open}
        multiple
        onCancel={() => setOpen(false)}
        onOk={(users) => {
          setOpen(false)
          onChange?.(withPicked(people, users))
        }}
      />
    </div>
  )
}
