import { placeTreeCall } from '@xpark/contract/modules/asset'
import { type InspectionPointRow, inspectionPointContract } from '@xpark/contract/modules/inspection'
import { fromContract } from '@/components/crud'
import { CameraSelect } from './inputs'
import './i18n'

/** 巡检点: where the inspector checks in (its code as a QR or NFC text), its camera and check items. */
export default fromContract<InspectionPointRow>(inspectionPointContract, {
  title: 'inspection.point',
  pagePath: 'list',
  columns: [
    { prop: 'name', label: 'inspection.name', search: 'input' },
    { prop: 'code', label: 'inspection.code', search: 'input', form: { span: 12 } },
    { prop: 'placeName', label: 'inspection.place', form: false },
    {
      prop: 'placeId',
      label: 'inspection.place',
      hideInTable: true,
      treeOf: { url: placeTreeCall.path, code: 'asset_place', leavesOnly: true },
      form: { span: 12 },
    },
    { prop: 'machineName', label: 'inspection.camera', form: false },
    {
      prop: 'machineId',
      label: 'inspection.camera',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => <CameraSelect testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'checkItems',
      label: 'inspection.checkItems',
      ellipsis: true,
      form: { type: 'textarea', itemProps: { extra: '每行一项' } },
    },
    { prop: 'remark', label: 'inspection.remark', hideInTable: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'inspection.createTime', form: false },
  ],
})
