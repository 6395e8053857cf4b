import { type AppraiseRow, appraiseContract } from '@xpark/contract/modules/property'
import { Rate } from 'antd'
import { fromContract } from '@/components/crud'
import { communityColumn } from './inputs'
import './i18n'

/** 维修评价: the reporters' appraisals of finished orders (read only: written by 评价). */
export default fromContract<AppraiseRow>(appraiseContract, {
  title: 'property.appraiseList',
  columns: [
    { prop: 'orderNo', label: 'property.orderNo', form: false, width: 170 },
    {
      prop: 'kind',
      label: 'property.kind',
      dict: 'property_order_kind',
      search: 'select',
      form: false,
      width: 90,
    },
    { ...communityColumn<AppraiseRow>(), search: undefined, form: false },
    { prop: 'workerName', label: 'property.worker', form: false },
    { prop: 'reporterName', label: 'property.reporter', form: false },
    {
      prop: 'score',
      label: 'property.score',
      form: false,
      width: 150,
      render: (value) => <Rate disabled value={Number(value)} style={{ fontSize: 14 }} />,
      search: 'select',
      options: [1, 2, 3, 4, 5].map((n) => ({ label: String(n), value: n })),
    },
    { prop: 'content', label: 'property.appraiseContent', ellipsis: true, form: false },
    { prop: 'createTime', label: 'property.createTime', form: false },
  ],
})
