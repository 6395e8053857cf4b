import { dutyPersonContract } from '@xpark/contract/modules/duty'
import { useMemo } from 'react'
import { CrudPage, useCan } from '@/components/crud'
import { ChangeShiftsButton } from './ChangeShifts'
import { dutyScreen } from './person'

/** 值班人员 with 换班 on each row for those who hold `duty_person_change`. */
export default function DutyPage() {
  const canChange = useCan(dutyPersonContract, 'change')
  const resource = useMemo(
    () =>
      dutyScreen(
        canChange ? (row, { refresh }) => <ChangeShiftsButton row={row} onDone={refresh} /> : undefined,
      ),
    [canChange],
  )
  return <CrudPage resource={resource} />
}
