import { ADVICE, type AdviceRow, adviceContract } from '@xpark/contract/modules/property'
import { Input } from 'antd'
import { fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { communityColumn } from './inputs'
import './i18n'

/** 投诉建议: complaints (809001) and suggestions (809002); one reply each, final. */
export default fromContract<AdviceRow>(adviceContract, {
  title: 'property.advice',
  rowCheck: (row, action) => action === 'view' || action === 'copy' || row.status === ADVICE.waiting,
  actionInputs: {
    reply: {
      name: 'reply',
      label: 'property.replyContent',
      render: ({ value, onChange }) => (
        <Input.TextArea
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid="advice-reply"
        />
      ),
    },
  },
  columns: [
    communityColumn<AdviceRow>(),
    {
      prop: 'adviceType',
      label: 'property.adviceType',
      width: 80,
      search: 'select',
      options: [
        { label: '投诉', value: 809001 },
        { label: '建议', value: 809002 },
      ],
      form: {
        render: ({ testId, disabled }) => (
          <DictSelect code="complaint_type" biz numeric data-testid={testId} disabled={disabled} />
        ),
      },
    },
    {
      prop: 'content',
      label: 'property.content',
      search: 'input',
      ellipsis: true,
      form: { type: 'textarea' },
    },
    {
      prop: 'photos',
      label: 'property.photos',
      hideInTable: true,
      form: { itemProps: { extra: 'property.photosHint' } },
    },
    { prop: 'contactName', label: 'property.contactName', form: { span: 12 } },
    { prop: 'contactPhone', label: 'property.contactPhone', form: { span: 12 } },
    {
      prop: 'status',
      label: 'property.status',
      dict: 'property_advice_status',
      search: 'select',
      form: false,
      width: 90,
    },
    { prop: 'reply', label: 'property.replyContent', ellipsis: true, form: false },
    { prop: 'replyUserName', label: 'property.replyUser', form: false, width: 90 },
    { prop: 'replyTime', label: 'property.replyTime', form: false },
    { prop: 'createTime', label: 'property.createTime', form: false },
  ],
})
