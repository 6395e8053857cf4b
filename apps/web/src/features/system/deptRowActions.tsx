import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import type { CrudRowContext } from '@/components/crud'
import { useSystemT } from './i18n'

/** 新增子项: the add dialog with this row as the parent (dept and role trees). */
export function AddChildButton({ id, ctx, testId }: { id: string; ctx: CrudRowContext; testId: string }) {
  const t = useSystemT()
  return (
    <Button
      type="link"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => ctx.openAdd({ parentId: id })}
      data-testid={`${testId}-${id}`}
    >
      {t('org.addChild')}
    </Button>
  )
}
