import { type ImageSettingRow, imageSettingContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import './i18n'

/** 图片设置: pictures the canteen app shows. */
export default fromContract<ImageSettingRow>(imageSettingContract, {
  title: 'canteen.image',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'url', label: 'canteen.picture', ellipsis: true },
    { prop: 'imgType', label: 'canteen.imgType' },
    { prop: 'sort', label: 'canteen.sort' },
  ],
})
