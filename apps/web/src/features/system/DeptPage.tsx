import { useMemo } from 'react'
import { CrudPage, type CrudResource } from '@/components/crud'
import { useSession } from '@/stores/session'
import { type Dept, deptResource } from './dept'
import { AddChildButton } from './deptRowActions'

/** 部门管理 (see `dept.tsx`): the tree table with 新增子项 on each row for `dept_add`. */
export default function DeptPage() {
  const mayAdd = useSession((s) => s.permission.dept_add === true)
  const resource = useMemo(
    (): CrudResource<Dept> => ({
      ...deptResource,
      rowExtra: mayAdd
        ? (row, ctx) => <AddChildButton id={row.id} ctx={ctx} testId="dept-add-child" />
        : undefined,
    }),
    [mayAdd],
  )
  return <CrudPage resource={resource} />
}
