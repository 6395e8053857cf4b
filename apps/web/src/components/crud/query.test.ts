import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { dropEmpty, listUrl, operatorSuffix, submitUrl, toQuery } from './query'
import type { CrudColumn } from './types'

type Row = { name: string; code: string; status: number; createTime: string }
const columns: CrudColumn<Row>[] = [
  { prop: 'name', label: 'Name', search: 'input' },
  { prop: 'code', label: 'Code', search: 'input', searchOperator: 'like' },
  { prop: 'createTime', label: 'Created', search: 'dateRange' },
]

describe('CrudPage query building', () => {
  it('lists from a route under the resource, or from an absolute one as declared', () => {
    const alarms = { path: 'park-manage/AlarmRecord' }
    expect(listUrl(alarms, 'page')).toBe('park-manage/AlarmRecord/page')
    expect(listUrl(alarms, '/park-manage/alarmController/queryAlarm')).toBe(
      'park-manage/alarmController/queryAlarm',
    )
  })

  it('drops empty search values (undefined, null, blank text, empty lists)', () => {
    expect(dropEmpty({ a: undefined, b: null, c: '  ', d: [], e: 0, f: 'x', g: false })).toEqual({
      e: 0,
      f: 'x',
      g: false,
    })
  })

  it('sends bare fields, declared operators and the date range as createTime_dategt / _datelt', () => {
    const range = [dayjs('2024-03-01 00:00:00'), dayjs('2024-03-07 23:59:59')]
    expect(toQuery(columns, { name: ' a ', code: 'b', createTime: range }, [])).toEqual({
      name: 'a',
      code_like: 'b',
      createTime_dategt: '2024-03-01 00:00:00',
      createTime_datelt: '2024-03-07 23:59:59',
    })
  })

  it('maps the filter operators =, not equal, like, >, >=, <, <=, in to the suffix forms', () => {
    expect(operatorSuffix).toEqual({
      eq: '_equal',
      ne: '_notequal',
      like: '_like',
      gt: '_gt',
      ge: '_ge',
      lt: '_lt',
      le: '_le',
      in: '_in',
    })
    const q = toQuery(columns, {}, [
      { prop: 'status', symbol: 'ge', value: '1' },
      { prop: 'code', symbol: 'in', value: 'a, b,，c' },
      { prop: 'name', symbol: 'ne', value: '' },
    ])
    expect(q).toEqual({ status_ge: '1', code_in: 'a,b,c' })
  })
})

describe('submitUrl', () => {
  it('uses submit when there is one, else save without an id and update with one', () => {
    expect(submitUrl({ path: 'a', routes: { submit: 'a/submit' } }, { id: '1' })).toBe('a/submit')
    const split = { path: 'g', routes: { save: 'g/saveGoods', update: 'g/updateGoods' } }
    expect(submitUrl(split, { name: 'x' })).toBe('g/saveGoods')
    expect(submitUrl(split, { id: '', name: 'x' })).toBe('g/saveGoods')
    expect(submitUrl(split, { id: '7', name: 'x' })).toBe('g/updateGoods')
    expect(submitUrl({ path: 'p' }, {})).toBe('p/submit')
  })
})
