import { type MeetingTemplateRow, meetingTemplateContract } from '@xpark/contract/modules/meeting'
import { fromContract } from '@/components/crud'
import './i18n'

/** 会议模板: the sign-in rules and usual length a meeting made from it starts with. */
export default fromContract<MeetingTemplateRow>(meetingTemplateContract, {
  title: 'meeting.template',
  pagePath: 'list',
  columns: [
    { prop: 'name', label: 'meeting.templateName', search: 'input' },
    { prop: 'graceMinutes', label: 'meeting.graceMinutes', form: { type: 'number', span: 12 } },
    { prop: 'signAdvanceMinutes', label: 'meeting.signAdvanceMinutes', form: { type: 'number', span: 12 } },
    { prop: 'durationMinutes', label: 'meeting.durationMinutes', form: { type: 'number', span: 12 } },
    { prop: 'content', label: 'meeting.content', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'remark', label: 'meeting.remark', hideInTable: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'meeting.createTime', form: false },
  ],
})
