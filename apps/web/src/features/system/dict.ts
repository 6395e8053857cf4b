import { dictBizContract, dictCalls, dictContract } from '@xpark/contract/schemas'
import type { FormItemProps, FormRule } from 'antd'
import type { CrudColumn } from '@/components/crud'
import './i18n'
import type { SystemKey } from './i18n'

/** The two dictionaries of BladeX: system (global) and business (per tenant); one screen serves both. */
export type DictKind = 'dict' | 'dict-biz'

/** A `blade_dict` / `blade_dict_biz` row as the API serialises it (tree answers add children). */
export interface DictRow {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark?: string
  isSealed: 0 | 1
  hasChildren?: boolean
  children?: DictRow[]
}

/** Each kind's contract (path, button codes), its reads beside the resource, its test ids. */
export const dictKinds = {
  dict: { contract: dictContract, calls: dictCalls.dict, testId: 'dict', biz: false },
  'dict-biz': { contract: dictBizContract, calls: dictCalls['dict-biz'], testId: 'dictbiz', biz: true },
} as const satisfies Record<
  DictKind,
  {
    contract: typeof dictContract
    calls: (typeof dictCalls)[DictKind]
    testId: string
    biz: boolean
  }
>

/** parent_id of a root (a dictionary), as the contract names it. */
export const DICT_ROOT = '0'

/** Required with the spec's message (01 §5): blank text counts as empty. */
const requiredText = (message: SystemKey): FormRule[] => [{ required: true, whitespace: true, message }]
/** Required numbers: a missing or non-numeric value shows the message. */
const requiredNumber = (message: SystemKey): FormRule[] => [{ required: true, type: 'number', message }]

/** isSealed travels as 0/1; the form shows a switch. */
export const sealedItemProps: Partial<FormItemProps> = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 1 || v === '1' }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
}

/**
 * The columns both lists share, in the order of the dialog. `prefix` names the test ids (`dict-code`,
 * `dict-child-dictKey`, …): both dialogs stay mounted, so their fields need ids of their own.
 */
export function dictColumns(prefix: string, child: boolean): CrudColumn<DictRow>[] {
  const id = (prop: string) => ({ form: `${prefix}-${prop}`, search: `${prefix}-search-${prop}` })
  const columns: CrudColumn<DictRow>[] = [
    {
      prop: 'code',
      label: 'dict.code',
      search: child ? undefined : 'input',
      ellipsis: true,
      width: 180,
      // a child takes its parent's code (the server sets it too)
      form: {
        rules: requiredText('enter dictionary code'),
        span: 12,
        props: { maxLength: 255, ...(child ? { disabled: true } : {}) },
      },
      hideInTable: child,
      testId: id('code'),
    },
  ]
  if (child)
    columns.push({
      prop: 'dictKey',
      label: 'dict.dictKey',
      search: 'input',
      ellipsis: true,
      width: 160,
      form: { rules: requiredText('enter dictionary key'), span: 12, props: { maxLength: 255 } },
      testId: id('dictKey'),
    })
  columns.push(
    {
      prop: 'dictValue',
      label: 'dict.dictValue',
      search: 'input',
      ellipsis: true,
      width: 180,
      form: { rules: requiredText('enter dictionary name'), span: 12, props: { maxLength: 255 } },
      testId: id('dictValue'),
    },
    {
      prop: 'sort',
      label: 'dict.sort',
      width: 90,
      sortable: !child,
      form: {
        type: 'number',
        rules: requiredNumber('enter dictionary sort'),
        span: 12,
        props: { precision: 0, min: -999_999_999, max: 999_999_999 },
      },
      testId: id('sort'),
    },
    {
      prop: 'isSealed',
      label: 'dict.isSealed',
      width: 90,
      filterable: false,
      options: [
        { label: 'dict.no', value: 0 },
        { label: 'dict.yes', value: 1 },
      ],
      form: {
        type: 'switch',
        rules: requiredNumber('select sealed'),
        span: 12,
        itemProps: sealedItemProps,
      },
      testId: id('isSealed'),
    },
    {
      prop: 'remark',
      label: 'dict.remark',
      ellipsis: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
      testId: id('remark'),
    },
  )
  return columns
}
