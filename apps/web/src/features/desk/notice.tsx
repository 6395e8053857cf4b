import { type DeskNoticeRow, deskNoticeContract } from '@xpark/contract/schemas'
import { type CrudOption, fromContract } from '@/components/crud'
import { DictSelect, DictTag } from '@/components/dict'
import { NoticeContentField } from './NoticeContent'
import './i18n'

/**
 * Categories up from 1000 are the spec's `notice_type` (1000 owner, 1001 staff, 1002 community); rows
 * of BladeX's `notice` (1-6) keep theirs. The content is rich text, sanitised by the server on every write.
 */
const categoryDict = (v: unknown) => (Number(v) >= 1000 ? 'notice_type' : 'notice')

/**
 * 通知公告 (spec 01 §2): search by title, type and release time; add/edit/copy/view/delete gated by
 * `notice_add/_edit/_delete/_view`. `categories` are the search options (the `notice_type` entries).
 */
export const noticeResource = (categories: CrudOption[] = []) =>
  fromContract<DeskNoticeRow>(deskNoticeContract, {
    title: 'notice.title',
    dialogWidth: 960,
    // the row's view, edit, copy and delete as buttons, as before the contract
    compactActions: false,
    dateField: 'releaseTime',
    testIds: {
      page: 'notice-page',
      table: 'notice-table',
      add: 'notice-add',
      bulkDelete: 'notice-bulk-delete',
      searchSubmit: 'notice-search-submit',
      searchReset: 'notice-search-reset',
      formSubmit: 'notice-form-submit',
    },
    columns: [
      {
        prop: 'title',
        label: 'notice.name',
        search: 'input',
        ellipsis: true,
        sortable: true,
        // required: the schema's 'please enter notice title'; the asterisk from `required`
        form: { span: 24, props: { maxLength: 255 }, itemProps: { required: true } },
        testId: { search: 'notice-search-title', form: 'notice-title' },
      },
      {
        prop: 'category',
        label: 'notice.category',
        width: 140,
        sortable: true,
        search: 'select',
        options: categories,
        render: (v) => <DictTag code={categoryDict(v)} value={v as number} />,
        form: {
          span: 12,
          itemProps: { required: true },
          render: ({ testId, disabled }) => (
            <DictSelect code="notice_type" numeric allowClear data-testid={testId} disabled={disabled} />
          ),
        },
        testId: { search: 'notice-search-category', form: 'notice-category' },
      },
      {
        prop: 'releaseTime',
        label: 'notice.releaseTime',
        width: 180,
        sortable: true,
        search: 'dateRange',
        form: { span: 12, type: 'date' },
        testId: { search: 'notice-search-release-time', form: 'notice-release-time' },
      },
      {
        prop: 'content',
        label: 'notice.content',
        hideInTable: true,
        form: {
          render: ({ testId, disabled, mode }) => (
            <NoticeContentField testId={testId} disabled={disabled} mode={mode} />
          ),
        },
        testId: { form: 'notice-content' },
      },
    ],
  })
