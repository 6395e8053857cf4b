import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CrudRowContext } from '@/components/crud'

/** 新增子项: the add dialog with this row as the parent (dept and role trees). */
export function AddChildButton({ id, ctx, testId }: { id: string; ctx: CrudRowContext; testId: string }) {
  const { t } = useTranslation()
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
