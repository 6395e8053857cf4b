import { z } from 'zod'
import { choice, optionalText, reference, requiredText, wire } from '../../fields.js'
import { defineContract } from '../../kit.js'
import { photoLinks } from './orders.js'

/** 投诉建议: a resident's complaint or suggestion and the property's one reply. */

/** Spec 02 §3 complaint type (business dict `complaint_type`). */
export const ADVICE_TYPE = { complaint: 809001, suggestion: 809002 } as const
/** 待回复 → 已回复 (dict `property_advice_status`); a reply is final. */
export const ADVICE = { waiting: 1, replied: 2 } as const
export const ADVICE_TEXTS = {
  replyRequired: '请填写回复内容',
  replied: '已回复的投诉建议不能修改或删除',
} as const

export const adviceContract = defineContract({
  path: 'ydzy/advice',
  code: 'property_advice',
  label: 'content',
  form: z.object({
    communityId: reference('please select a community'),
    adviceType: choice('please select the type', ADVICE_TYPE.complaint, ADVICE_TYPE.suggestion),
    content: requiredText('please input the content', 1000),
    photos: photoLinks('photos'),
    contactName: optionalText('contactName', 32),
    contactPhone: optionalText('contactPhone', 32),
  }),
  row: z.object({
    id: wire.id,
    communityId: wire.id,
    communityName: wire.optionalText,
    adviceType: wire.number,
    content: wire.text,
    photos: wire.text,
    contactName: wire.text,
    contactPhone: wire.text,
    reporterName: wire.optionalText,
    reply: wire.text,
    replyUser: wire.optionalId,
    replyUserName: wire.optionalText,
    replyTime: wire.optionalDate,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { communityId: 'eq', adviceType: 'eq', status: 'eq', content: 'like' },
  sorts: ['createTime', 'replyTime'],
  actions: {
    reply: {
      name: '回复',
      state: 'status',
      input: z.object({
        status: choice('status', ADVICE.replied, ADVICE.replied),
        reply: requiredText(ADVICE_TEXTS.replyRequired, 1000),
      }),
      transitions: [
        {
          label: 'property.reply',
          from: [ADVICE.waiting],
          to: ADVICE.replied,
          when: { status: ADVICE.replied },
        },
      ],
    },
  },
})
export type AdviceRow = z.infer<typeof adviceContract.row>
