import { SettingOutlined } from '@ant-design/icons'
import { topMenuContract } from '@xpark/contract/schemas'
import { App, Button } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { CrudPage, fromContract } from '@/components/crud'
import { useSession } from '@/stores/session'
import { useSystemT } from './i18n'
import { TopmenuGrantDialog } from './TopmenuGrantDialog'
import { type TopMenu, topMenuColumns } from './topmenu'

/** 顶部菜单: the tenant's top menus (CrudPage) and their 菜单配置 (menu grant) dialog. */
export default function TopmenuPage() {
  const t = useSystemT()
  const { message } = App.useApp()
  const canSet = useSession((s) => s.permission.topmenu_setting === true)
  const [granting, setGranting] = useState<string[]>()
  const close = useCallback(() => setGranting(undefined), [])

  const resource = useMemo(
    () =>
      fromContract<TopMenu>(topMenuContract, {
        title: 'topmenu.title',
        // the row actions as text buttons, as before the contract
        compactActions: false,
        columns: topMenuColumns,
        toolbarExtra: ({ selected }) =>
          canSet && (
            <Button
              icon={<SettingOutlined />}
              onClick={() =>
                selected.length
                  ? setGranting(selected.map((r) => r.id))
                  : void message.warning(t('common.selectOne'))
              }
              data-testid="topmenu-setting"
            >
              {t('topmenu.setting')}
            </Button>
          ),
        rowExtra: (row) =>
          canSet && (
            <Button
              type="link"
              size="small"
              icon={<SettingOutlined />}
              onClick={() => setGranting([row.id])}
              data-testid={`topmenu-row-setting-${row.id}`}
            >
              {t('topmenu.setting')}
            </Button>
          ),
        testIds: {
          page: 'topmenu-page',
          table: 'topmenu-table',
          add: 'topmenu-add',
          bulkDelete: 'topmenu-bulk-delete',
          searchSubmit: 'topmenu-search-submit',
          searchReset: 'topmenu-search-reset',
          formSubmit: 'topmenu-form-submit',
        },
      }),
    [canSet, message, t],
  )

  return (
    <>
      <CrudPage resource={resource} formDefaults={{ sort: 1 }} />
      <TopmenuGrantDialog ids={granting} onClose={close} />
    </>
  )
}
