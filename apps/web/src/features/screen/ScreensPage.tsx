import { publishScreenCall, type ScreenRow, screenContract } from '@xpark/contract/modules/screen'
import { App } from 'antd'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { CrudPage, RowButton, useCan } from '@/components/crud'
import type { CrudRowContext } from '@/components/crud/types'
import { useScreenT } from './i18n'
import { LinksDrawer } from './LinksDrawer'
import { screensScreen } from './screens'

/** 预览 opens the viewer in a new tab (outside the frame). */
export const previewUrl = (id: string) =>
  `${window.location.origin}${window.location.pathname}#/datavview?id=${encodeURIComponent(id)}`

/**
 * 大屏管理 (`/datav/list`): the screens, with 设计 (the designer, `datav_edit`), 预览, 发布 and 链接
 * (`datav_publish`) on each row.
 */
export default function ScreensPage() {
  const t = useScreenT()
  const { modal, message } = App.useApp()
  const navigate = useNavigate()
  const canEdit = useCan(screenContract, 'edit')
  const canPublish = useCan(screenContract, 'publish')
  const [links, setLinks] = useState<ScreenRow>()

  const resource = useMemo(() => {
    const publish = (row: ScreenRow, ctx: CrudRowContext) =>
      modal.confirm({
        title: t('screen.publishConfirm'),
        onOk: async () => {
          await callApi(publishScreenCall, { id: row.id })
          void message.success(t('screen.publishDone'))
          ctx.refresh()
        },
      })
    return screensScreen(
      (row, ctx) => (
        <>
          {canEdit && (
            <RowButton
              label={t('screen.design')}
              onClick={() => navigate(`/datavedit?id=${encodeURIComponent(row.id)}`)}
              testId={`datav-design-${row.id}`}
            />
          )}
          <RowButton
            label={t('screen.preview')}
            onClick={() => window.open(previewUrl(row.id), '_blank', 'noopener')}
            testId={`datav-preview-${row.id}`}
          />
          {canPublish && (
            <RowButton
              label={t('screen.publish')}
              onClick={() => publish(row, ctx)}
              testId={`datav-publish-${row.id}`}
            />
          )}
          {canPublish && (
            <RowButton
              label={t('screen.links')}
              onClick={() => setLinks(row)}
              testId={`datav-links-${row.id}`}
            />
          )}
        </>
      ),
      (canEdit ? 1 : 0) + 1 + (canPublish ? 2 : 0),
    )
  }, [canEdit, canPublish, modal, message, navigate, t])

  return (
    <>
      <CrudPage resource={resource} />
      {links && <LinksDrawer screen={links} onClose={() => setLinks(undefined)} />}
    </>
  )
}
