import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { CrudPage } from '@/components/crud'
import { dictionaryQuery } from '@/components/dict'
import { noticeResource } from './notice'

/** 通知公告: a CrudPage declaration (see `notice.tsx`); the type search lists the `notice_type` entries. */
export default function NoticePage() {
  const { data } = useQuery(dictionaryQuery('notice_type', false))
  const resource = useMemo(
    () => noticeResource((data ?? []).map((d) => ({ label: d.dictValue, value: d.dictKey }))),
    [data],
  )
  return <CrudPage resource={resource} />
}
