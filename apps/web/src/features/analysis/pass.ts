import type { DashboardDeclaration } from '@/components/kit'
import './i18n'
import { AREA, MACHINE, PERSON, panel } from './panels'

/** 通行分析: cars in and out and the gates' pass records (parking), face recognitions, door passes, a person's passes. */
const dashboard: DashboardDeclaration = {
  title: 'analysis.pass',
  code: 'face_record',
  month: true,
  filters: [AREA, MACHINE, PERSON],
  panels: [
    panel('carNumber', 'analysis.cars', 'bar', { span: 12 }),
    panel('passRecord', 'analysis.carPasses', 'line', { span: 12 }),
    panel('faceRecord', 'analysis.faces', 'bar'),
    panel('getDoorPassRecord', 'analysis.doors', 'bar'),
    panel('personTrack', 'analysis.track', 'line'),
  ],
}
export default dashboard
