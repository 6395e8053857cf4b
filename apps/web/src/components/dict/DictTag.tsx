import { useQuery } from '@tanstack/react-query'
import { Tag, type TagProps } from 'antd'
import { dictionaryQuery } from './api'
import type { DictValue } from './DictSelect'

export interface DictTagProps extends Omit<TagProps, 'children'> {
  code: string
  biz?: boolean
  /** one key, several keys, or BladeX's comma-joined keys ("1,2") */
  value?: DictValue | DictValue[] | null
}

/** The label of a dictionary key as a tag; an unknown key shows as itself, no value shows nothing. */
export function DictTag({ code, biz = false, value, ...rest }: DictTagProps) {
  const { data } = useQuery(dictionaryQuery(code, biz))
  if (value === undefined || value === null || value === '') return null
  const keys = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value]).map(
    String,
  )
  const labels = new Map((data ?? []).map((item) => [item.dictKey, item.dictValue]))
  return (
    <>
      {keys.map((key) => (
        <Tag key={key} data-dict-key={key} {...rest}>
          {labels.get(key) ?? key}
        </Tag>
      ))}
    </>
  )
}
