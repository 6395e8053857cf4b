import { type PaySettingRow, paySettingContract } from '@xpark/contract/modules/finance'
import { fromContract } from '@/components/crud'
import './i18n'

/** 支付设置: the merchant; its key is write-only (the list shows only its last four characters). */
export default fromContract<PaySettingRow>(paySettingContract, {
  title: 'finance.paySetting',
  rowCheck: (_row, action) => action !== 'copy',
  beforeSubmit: (values) => {
    // an empty key on update keeps the stored one
    const { mchKey, ...rest } = values
    return mchKey ? values : rest
  },
  columns: [
    { prop: 'name', label: 'finance.name', search: 'input' },
    { prop: 'appId', label: 'finance.appId' },
    { prop: 'mchId', label: 'finance.mchId', search: 'input' },
    { prop: 'keyHint', label: 'finance.keyHint', form: false },
    {
      prop: 'mchKey' as never,
      label: 'finance.mchKey',
      hideInTable: true,
      form: {
        props: { type: 'password', autoComplete: 'new-password' },
        itemProps: { extra: 'finance.mchKeyHint' },
      },
    },
    {
      prop: 'gateway',
      label: 'finance.gateway',
      ellipsis: true,
      form: { itemProps: { extra: 'finance.gatewayHint' } },
    },
    { prop: 'notifyUrl', label: 'finance.notifyUrl', hidden: true },
    { prop: 'remark', label: 'finance.remark', ellipsis: true },
  ],
})
