import dayjs, { type Dayjs } from 'dayjs'
import type { MessageKey } from '@/i18n'

/**
 * Table-header date shortcuts (spec 01 §9): today, yesterday, last week (7 days), last month
 * (30 days), last three months (90 days). Values are functions so a tab left open overnight still
 * means "today" when the user clicks.
 */
export const dateShortcuts: { label: MessageKey; value: () => [Dayjs, Dayjs] }[] = [
  { label: 'crud.today', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  {
    label: 'crud.yesterday',
    value: () => [dayjs().subtract(1, 'day').startOf('day'), dayjs().subtract(1, 'day').endOf('day')],
  },
  { label: 'crud.lastWeek', value: () => [dayjs().subtract(7, 'day').startOf('day'), dayjs().endOf('day')] },
  {
    label: 'crud.lastMonth',
    value: () => [dayjs().subtract(30, 'day').startOf('day'), dayjs().endOf('day')],
  },
  {
    label: 'crud.lastThreeMonths',
    value: () => [dayjs().subtract(90, 'day').startOf('day'), dayjs().endOf('day')],
  },
]
