import { type NoticeRow, noticeContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 食堂公告: notices to diners, of one canteen or all. */
export default fromContract<NoticeRow>(noticeContract, {
  title: 'canteen.notice',
  columns: [
    { prop: 'title', label: 'canteen.title', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'content', label: 'canteen.content', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'canteen.createTime', form: false, width: 170 },
  ],
})
