import { centsOf, YUAN_TEXT } from '@xpark/contract/money'
import { z } from 'zod'

/**
 * A money cell of an import sheet: yuan as a keeper types it (at most two decimals) read as integer
 * cents. `required` is the row error of an empty cell, `invalid` of one that is not an amount.
 */
export const yuanCell = (required: string, invalid = '金额应为最多两位小数的数字') =>
  z.string({ error: required }).regex(YUAN_TEXT, invalid).transform(centsOf)
