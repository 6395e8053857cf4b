import { type PhaseRow, phaseContract } from '@xpark/contract/modules/canteen'
import { fromContract } from '@/components/crud'
import { canteens } from './sources'
import './i18n'

/** 时段设置: the time slots of each canteen. */
export default fromContract<PhaseRow>(phaseContract, {
  title: 'canteen.phase',
  columns: [
    { prop: 'name', label: 'canteen.name', search: 'input' },
    { prop: 'canteenId', label: 'canteen.canteen', hideInTable: true, treeOf: canteens },
    { prop: 'canteenName', label: 'canteen.canteen', form: false },
    { prop: 'startTime', label: 'canteen.startTime' },
    { prop: 'endTime', label: 'canteen.endTime' },
  ],
})
