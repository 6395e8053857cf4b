import { DUTY_SHIFT_NAMES, dutyDate } from '@xpark/contract/modules/duty'
import { z } from 'zod'
import type { ExcelOptions } from '../../core/crud/index.js'
import { user } from '../identity/index.js'

const SHIFT_BY_NAME = new Map(Object.entries(DUTY_SHIFT_NAMES).map(([k, v]) => [v, Number(k)]))

/**
 * The duty sheet: export (`dutyManagement/export`), template (`exportTemplate`) and import share its
 * columns. The person travels by login account, the shift by its name (白班/夜班).
 */
export const dutySheet: ExcelOptions = {
  title: '值班表',
  columns: [
    { header: '值班日期', key: 'dutyDate', note: '必填; yyyy-MM-dd' },
    {
      header: '班次',
      key: 'shift',
      value: (r) => DUTY_SHIFT_NAMES[Number(r.shift)] ?? '',
      note: '必填; 白班 或 夜班',
    },
    { header: '登录账号', key: 'account', value: (r) => r.account ?? '', note: '必填; 值班人员的登录账号' },
    { header: '值班人员', key: 'userName', value: (r) => r.userName ?? '', note: '导入时不读, 以账号为准' },
    { header: '手机号码', key: 'phone', value: (r) => r.phone ?? '', note: '导入时不读' },
    { header: '备注', key: 'remark', note: '选填' },
  ],
  import: {
    row: z.object({
      dutyDate: z.string({ error: '请填写值班日期' }).pipe(dutyDate),
      shift: z
        .string({ error: '请填写班次' })
        .refine((v) => SHIFT_BY_NAME.has(v.trim()), '班次应为 白班 或 夜班')
        .transform((v) => SHIFT_BY_NAME.get(v.trim())!),
      account: z.string({ error: '请填写登录账号' }),
      remark: z.string().optional(),
    }),
    match: ['dutyDate', 'shift', 'userId'],
    references: { account: { table: user, column: 'account', into: 'userId', message: '登录账号不存在' } },
  },
}
