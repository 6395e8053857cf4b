import { type ReportPartnerRow, reportPartnerContract } from '@xpark/contract/modules/report'
import { fromContract } from '@/components/crud'
import '../i18n'

/** 合作渠道: the channels orders are placed through (a supermarket, a platform). */
export default fromContract<ReportPartnerRow>(reportPartnerContract, {
  title: 'report.partners',
  columns: [
    { prop: 'code', label: 'report.code', search: 'input', form: { disabledOnEdit: true } },
    { prop: 'name', label: 'report.name', search: 'input' },
    { prop: 'kind', label: 'report.kind', dict: 'report_partner_kind', search: 'select' },
    { prop: 'remark', label: 'report.remark', ellipsis: true },
    { prop: 'createTime', label: 'report.createTime', form: false },
  ],
})
