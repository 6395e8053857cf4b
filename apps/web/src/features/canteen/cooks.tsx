import { type CookRow, cookContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 厨师管理: cooks of each canteen with their health certificates. */
export default fromContract<CookRow>(cookContract, {
  title: 'canteen.cook',
  columns: [
    { prop: 'name', label: 'canteen.cookName', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'phone', label: 'canteen.phone', search: 'input' },
    { prop: 'healthCertNo', label: 'canteen.healthCertNo' },
    { prop: 'certExpire', label: 'canteen.certExpire', form: { type: 'date' }, width: 170 },
    { prop: 'picture', label: 'canteen.picture', hideInTable: true },
  ],
})
