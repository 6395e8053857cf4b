import { type PostRow, postContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import './i18n'

/** The row of the contract (packages/contract). */
export type Post = PostRow

/** 岗位管理: a plain paged CrudPage; category is the `post_category` dictionary. */
export const postResource = fromContract<Post>(postContract, {
  title: 'post.title',
  compactActions: false,
  testIds: { page: 'post-page', table: 'post-table', add: 'post-add', formSubmit: 'post-form-submit' },
  columns: [
    {
      prop: 'category',
      label: 'post.category',
      width: 120,
      dict: 'post_category',
      form: {
        span: 12,
        rules: [{ required: true, message: 'please select post category' }],
        render: ({ testId, disabled }) => (
          <DictSelect code="post_category" numeric allowClear data-testid={testId} disabled={disabled} />
        ),
      },
    },
    {
      prop: 'postCode',
      label: 'post.code',
      search: 'input',
      sortable: true,
      form: { span: 12, props: { maxLength: 12 } },
    },
    { prop: 'postName', label: 'post.name', search: 'input', form: { span: 12, props: { maxLength: 64 } } },
    { prop: 'sort', label: 'post.sort', width: 90, sortable: true, form: { span: 12, type: 'number' } },
    { prop: 'remark', label: 'post.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})
