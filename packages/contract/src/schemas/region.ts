import { z } from 'zod'
import { integerInput, optionalNumberInput } from '../values.js'
import { optionalText, requiredText } from './common.js'

/** parent_code of a province (BladeX region seed). */
export const REGION_ROOT = '00'

const code = (message: string) => requiredText(message, 12).regex(/^\d{2,12}$/, `${message} (2 to 12 digits)`)

/** An administrative region (BladeX blade_region): the code is the key. */
export const RegionSchema = z.object({
  code: code('enter region code'),
  parentCode: code('enter parent region code'),
  name: requiredText('enter region name', 32),
  /** 1 province, 2 city, 3 district, 4 town, 5 village */
  regionLevel: integerInput('select region level', 1, 5),
  sort: optionalNumberInput('enter region sort', z.number().int('enter region sort')),
  remark: optionalText('remark', 255),
})
export type RegionForm = z.infer<typeof RegionSchema>
