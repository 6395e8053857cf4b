import { useQuery } from '@tanstack/react-query'
import {
  changeShiftsCall,
  DUTY_SHIFT_NAMES,
  type DutyPersonRow,
  dutyPersonContract,
} from '@xpark/contract/modules/duty'
import { App, Button, Form, Modal, Radio, Select } from 'antd'
import { useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { PersonInput } from './PersonInput'
import './i18n'

const label = (d: DutyPersonRow) =>
  `${d.dutyDate} ${DUTY_SHIFT_NAMES[d.shift] ?? d.shift} ${d.userName ?? ''}`

/** 换班 on a row: swap with another duty of the roster, or hand the duty to another person. */
export function ChangeShiftsButton({ row, onDone }: { row: DutyPersonRow; onDone: () => void }) {
  const t = useTr()
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<'swap' | 'hand'>('swap')
  const [targetId, setTargetId] = useState<string>()
  const [userId, setUserId] = useState<string>()
  const [saving, setSaving] = useState(false)
  // the duties around this one (the same week either side) to swap with
  const { data } = useQuery({
    queryKey: ['duty_person', 'swap-candidates', row.id],
    enabled: open,
    queryFn: () => pageOfRows(dutyPersonContract, { current: 1, size: 100 }),
  })
  const candidates = (data?.records ?? []).filter((d) => d.id !== row.id && d.userId !== row.userId)
  const submit = async () => {
    if (mode === 'swap' && !targetId) return message.warning(t('duty.pickDuty'))
    if (mode === 'hand' && !userId) return message.warning(t('please select duty person'))
    setSaving(true)
    try {
      await callApi(changeShiftsCall, { id: row.id, ...(mode === 'swap' ? { targetId } : { userId }) })
      message.success(t('duty.changeDone'))
      setOpen(false)
      onDone()
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => setOpen(true)}
        data-testid={`duty-row-change-${row.id}`}
      >
        {t('duty.change')}
      </Button>
      <Modal
        open={open}
        title={`${t('duty.changeTitle')}: ${label(row)}`}
        onCancel={() => setOpen(false)}
        onOk={submit}
        confirmLoading={saving}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'duty-change-submit' } as Record<string, string>}
      >
        <Form layout="vertical">
          <Form.Item>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
              <Radio value="swap">{t('duty.swap')}</Radio>
              <Radio value="hand">{t('duty.handOver')}</Radio>
            </Radio.Group>
          </Form.Item>
          {mode === 'swap' ? (
            <Form.Item label={t('duty.swapWith')}>
              <Select
                value={targetId}
                onChange={setTargetId}
                options={candidates.map((d) => ({ value: d.id, label: label(d) }))}
                data-testid="duty-change-target"
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('duty.handTo')}>
              <PersonInput value={userId} onChange={setUserId} testId="duty-change-person" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  )
}
