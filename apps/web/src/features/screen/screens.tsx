import { SCREEN_STATUS, type ScreenRow, screenContract } from '@xpark/contract/modules/screen'
import type { ReactNode } from 'react'
import { fromContract } from '@/components/crud'
import type { CrudRowContext } from '@/components/crud/types'
import { EMPTY_LAYOUT_TEXT } from './layout'
import './i18n'

/**
 * 大屏管理: name, remark, 草稿/已发布 and when. The layout is the designer's: hidden here, carried
 * through an edit unchanged, and a new screen starts from an empty wall.
 */
export const screensScreen = (
  rowExtra?: (row: ScreenRow, ctx: CrudRowContext) => ReactNode,
  extraCount = 0,
) =>
  fromContract<ScreenRow>(screenContract, {
    title: 'screen.screen',
    columns: [
      { prop: 'name', label: 'screen.name', search: 'input' },
      { prop: 'remark', label: 'screen.remark', ellipsis: true, form: { type: 'textarea' } },
      {
        prop: 'status',
        label: 'screen.status',
        search: 'select',
        options: [
          { label: 'screen.draft', value: SCREEN_STATUS.draft },
          { label: 'screen.published', value: SCREEN_STATUS.published },
        ],
        form: false,
      },
      { prop: 'publishTime', label: 'screen.publishTime', form: false },
      { prop: 'createTime', label: 'screen.createTime', form: false, hidden: true },
      // carried by the form (an edit keeps the design), never shown or typed
      { prop: 'layout', label: 'screen.screen', hideInTable: true, form: { type: 'hidden' } },
    ],
    beforeSubmit: (values) => ({
      ...values,
      layout: typeof values.layout === 'string' && values.layout ? values.layout : EMPTY_LAYOUT_TEXT,
    }),
    ...(rowExtra ? { rowExtra, rowExtraCount: extraCount } : {}),
  })
