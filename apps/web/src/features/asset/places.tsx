import { type AssetPlaceRow, assetContract, assetPlaceContract } from '@xpark/contract/modules/asset'
import { fromContract } from '@/components/crud'
import './i18n'

/** 机房与食堂: the places assets stand in (the asset register's 场所), by kind; code unique per kind. */
export default fromContract<AssetPlaceRow>(assetPlaceContract, {
  title: 'asset.places',
  // an asset moved in or out changes a place's count
  shows: [assetContract.code],
  columns: [
    {
      prop: 'kind',
      label: 'asset.placeKind',
      dict: 'asset_place_kind',
      search: 'select',
      width: 100,
      form: { span: 12 },
    },
    { prop: 'code', label: 'asset.code', search: 'input', width: 140, form: { span: 12 } },
    { prop: 'name', label: 'asset.name', search: 'input', width: 180, form: { span: 12 } },
    { prop: 'manager', label: 'asset.placeManager', search: 'input', width: 110, form: { span: 12 } },
    { prop: 'phone', label: 'asset.userPhone', width: 130, form: { span: 12 } },
    { prop: 'address', label: 'asset.address', ellipsis: true, form: { span: 24 } },
    { prop: 'assetCount', label: 'asset.assetCount', width: 100, form: false },
    { prop: 'remark', label: 'asset.remark', ellipsis: true, hideInTable: true, form: { type: 'textarea' } },
  ],
})
