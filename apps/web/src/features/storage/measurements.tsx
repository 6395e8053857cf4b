import { type MeasurementRow, measurementContract } from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { goodsSource } from './pickers'

/** 计量单位: units, and for one goods how many of its base unit one of them is. */
export default fromContract<MeasurementRow>(measurementContract, {
  title: 'storage.measurement',
  pagePath: 'list',
  columns: [
    { prop: 'code', label: 'storage.code', search: 'input', width: 120 },
    { prop: 'name', label: 'storage.name', search: 'input', width: 120 },
    {
      prop: 'goodsId',
      label: 'storage.goodsName',
      render: (_v, row) => row.goodsName ?? '',
      treeOf: goodsSource,
      width: 180,
    },
    { prop: 'ratio', label: 'storage.ratio', width: 120 },
    { prop: 'goodsUnit', label: 'storage.unit', width: 80, form: false },
    { prop: 'remark', label: 'storage.remark', ellipsis: true },
  ],
})
